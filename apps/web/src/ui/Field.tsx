import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown at the right end of the input, e.g. a send-code button. */
  addon?: ReactNode;
  hint?: string;
}

export function Field({ label, addon, hint, id, className, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field-box">
        <input id={inputId} className="field-input" aria-describedby={hintId} {...input} />
        {addon && <div className="field-addon">{addon}</div>}
      </div>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
