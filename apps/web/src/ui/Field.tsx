import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown at the right end of the input, e.g. a send-code button. */
  addon?: ReactNode;
  /** Shown at the left end of the input, e.g. a calling-code picker. */
  lead?: ReactNode;
  hint?: string;
  /** What is wrong with the entry; shown under the field until the form clears it. */
  error?: string | undefined;
}

export function Field({ label, addon, lead, hint, error, id, className, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''} ${className ?? ''}`}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field-box">
        {lead && <div className="field-prefix">{lead}</div>}
        <input
          id={inputId}
          className="field-input"
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          {...input}
        />
        {addon && <div className="field-addon">{addon}</div>}
      </div>
      {error && <FieldError id={errorId} name={input.name} message={error} />}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** The message under a field (or a checkbox) that says what is wrong with it. */
export function FieldError({
  id,
  name,
  message,
}: {
  id?: string | undefined;
  name?: string | undefined;
  message: string;
}) {
  return (
    <p className="field-error" id={id} role="alert" data-testid={name ? `${name}-error` : undefined}>
      {message}
    </p>
  );
}
