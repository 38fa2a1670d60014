import type { ReactNode } from 'react';

interface FormFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's own error, shown under it in place of the hint. */
  error?: string;
  /** Marked invalid without an error of its own: the save's failure named this field. */
  invalid?: boolean;
  /** Under the field while it has no error: what it holds now, why it is fixed. */
  hint?: ReactNode;
  /** While the save is on its way. */
  disabled: boolean;
  /** The keyboard a phone shows; a decimal amount by default (`text` for a name, a list of codes). */
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** A value of several lines (a textarea of this many rows) rather than one. */
  rows?: number;
  readOnly?: boolean;
  title?: string;
}

/**
 * One field of an edit dialog (`FormDialog`): its label, its text input (amounts and numbers typed as
 * text, never parsed here), and under it its error or its hint.
 */
export function FormField(props: FormFieldProps) {
  const { error, hint } = props;
  const common = {
    name: props.name,
    spellCheck: false,
    value: props.value,
    'aria-invalid': error || props.invalid ? true : undefined,
    disabled: props.disabled,
    onChange: (event: { target: { value: string } }) => props.onChange(event.target.value),
  };
  const under = error ? (
    <small className="field-error">{error}</small>
  ) : (
    hint && <small className="muted">{hint}</small>
  );
  if (props.rows !== undefined) {
    return (
      <label className="field">
        <span>{props.label}</span>
        <textarea {...common} rows={props.rows} />
        {under}
      </label>
    );
  }
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        {...common}
        type="text"
        inputMode={props.inputMode ?? 'decimal'}
        autoComplete="off"
        readOnly={props.readOnly}
        title={props.title}
      />
      {under}
    </label>
  );
}
