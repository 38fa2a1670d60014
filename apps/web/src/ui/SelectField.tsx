import { type SelectHTMLAttributes, useId } from 'react';
import './select-field.css';

/** A labelled select in the look of `Field`'s box, with its own arrow. */
export function SelectField({
  label,
  options,
  className,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-box select-box">
        <select id={id} className="field-input field-select" {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
