import { useEffect, useRef, useState } from 'react';

interface FilterInputProps {
  name: string;
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  /** Applies typing after this pause; Enter applies at once. */
  debounceMs?: number;
  className?: string;
}

/** A text filter that applies as the operator types (debounced) and at once on Enter. */
export function FilterInput({
  name,
  label,
  placeholder,
  value,
  onChange,
  debounceMs = 350,
  className,
}: FilterInputProps) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  /** What this input applied last: its arrival is not a change from outside. */
  const applied = useRef(value);
  // Follow the applied value when it changes from outside (back button, Clear), but not when the
  // search typed here arrives: the operator may be typing the next one, which it would overwrite.
  useEffect(() => {
    if (value !== applied.current) setDraft(value);
    applied.current = value;
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (trimmed === value) return;
    applied.current = trimmed;
    onChangeRef.current(trimmed);
  };

  return (
    <label className={`field field-inline ${className ?? ''}`}>
      <span>{label}</span>
      <input
        name={name}
        type="search"
        placeholder={placeholder}
        value={draft}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          const next = event.target.value;
          setDraft(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => apply(next), debounceMs);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply(draft);
          }
        }}
      />
    </label>
  );
}
