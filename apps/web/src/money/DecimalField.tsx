import { Field } from '../ui/Field.tsx';
import { AmountAsset } from './AmountAsset.tsx';
import { cleanAmountInput } from './amounts.ts';

/**
 * A decimal box of an order ticket (a price, a quantity, lots, TP, SL): digits and one point only,
 * its asset at the end, what is wrong under it. `onChange` gets the cleaned text.
 */
export function DecimalField({
  label,
  name,
  value,
  onChange,
  asset,
  error,
  hint,
  placeholder,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  asset: string;
  error?: string | undefined;
  hint?: string | undefined;
  placeholder?: string | undefined;
}) {
  return (
    <Field
      label={label}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      placeholder={placeholder}
      error={error}
      hint={hint}
      onChange={(e) => onChange(cleanAmountInput(e.target.value))}
      addon={<AmountAsset asset={asset} />}
    />
  );
}
