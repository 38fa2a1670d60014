import { useTranslation } from 'react-i18next';
import { Field } from '../ui/Field.tsx';
import { AmountAsset } from './AmountAsset.tsx';
import { cleanAmountInput } from './amounts.ts';
import { useFormat } from './useFormat.ts';
import './amount-field.css';

/** The amount box: digits and one point only, a "Max" button, and what is available below. */
export function AmountField({
  value,
  onChange,
  onMax,
  asset,
  available,
  display,
  disabled,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onMax: () => void;
  asset: string;
  available: string | undefined;
  /** The asset's display decimals (`AssetInfo.displayDecimals`), for what is available. */
  display: { displayDecimals: number } | undefined;
  disabled?: boolean;
  /** What is wrong with the amount, under the field until it changes (issue #13). */
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Field
      label={t('assets.amount.label')}
      name="amount"
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('assets.amount.placeholder')}
      value={value}
      disabled={disabled}
      error={error}
      onChange={(e) => onChange(cleanAmountInput(e.target.value))}
      data-testid="amount"
      hint={
        available === undefined
          ? undefined
          : t('assets.amount.available', { amount: f.money(available, display), asset })
      }
      addon={
        <span className="amount-addon">
          <AmountAsset asset={asset} />
          <button
            type="button"
            className="amount-max"
            onClick={onMax}
            disabled={disabled || available === undefined}
            data-testid="max"
          >
            {t('assets.amount.max')}
          </button>
        </span>
      }
    />
  );
}
