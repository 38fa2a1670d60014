import { type SelectHTMLAttributes, useId } from 'react';
import { FieldError } from './Field.tsx';
import './select-field.css';

/** A labelled select in the look of `Field`'s box, with its own arrow. */
export function SelectField({
  label,
  options,
  className,
  error,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly { value: string; label: string }[];
  /** What is wrong with the choice; shown under the field until the form clears it. */
  error?: string | undefined;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''} ${className ?? ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-box select-box">
        <select
          id={id}
          className="field-input field-select"
          aria-describedby={errorId}
          aria-invalid={error ? true : undefined}
          {...select}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {error && <FieldError id={errorId} name={select.name} message={error} />}
    </div>
  );
}
