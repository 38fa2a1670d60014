import './money.css';
import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Field } from '../ui/Field.tsx';
import type { IconName } from '../ui/Icon.tsx';
import { DelayedSpinner } from '../ui/Spinner.tsx';
import { amountTone, cleanAmountInput, withSign } from './amounts.ts';
import { useFormat } from './useFormat.ts';

/** Segmented tabs; each tab carries `data-testid={testIdPrefix + id}`. */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  testIdPrefix,
}: {
  tabs: readonly { id: T; label: ReactNode }[];
  value: T;
  onChange: (id: T) => void;
  testIdPrefix: string;
}) {
  return (
    <div className="money-tabs" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={value === tab.id}
          className={`money-tab${value === tab.id ? ' money-tab-active' : ''}`}
          data-testid={`${testIdPrefix}${tab.id}`}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

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

/** The amount box: digits and one point only, a "Max" button, and what is available below. */
export function AmountField({
  value,
  onChange,
  onMax,
  asset,
  available,
  decimals,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  onMax: () => void;
  asset: string;
  available: string | undefined;
  decimals: number | undefined;
  disabled?: boolean;
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
      onChange={(e) => onChange(cleanAmountInput(e.target.value))}
      data-testid="amount"
      hint={
        available === undefined
          ? undefined
          : t('assets.amount.available', { amount: f.amount(available, decimals), asset })
      }
      addon={
        <span className="amount-addon">
          <span className="amount-asset">{asset}</span>
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

/** A signed change, green in and red out. */
export function SignedAmount({
  amount,
  asset,
  decimals,
  testId,
}: {
  amount: string;
  asset?: string;
  decimals?: number | undefined;
  testId?: string;
}) {
  const f = useFormat();
  const tone = amountTone(amount);
  return (
    <span className={`money-amount tone-${tone}`} data-testid={testId}>
      {withSign(amount, f.amount(amount, decimals))}
      {asset ? ` ${asset}` : ''}
    </span>
  );
}

/** A label and its value on one line. */
export function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="kv-row">
      <span className="kv-label">{label}</span>
      <span className="kv-value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

/** Loading and failure of a query the page cannot show without. */
export function QueryState({
  pending,
  error,
  onRetry,
  icon = 'wallet',
}: {
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  icon?: IconName;
}) {
  const { t } = useTranslation();
  if (pending) return <DelayedSpinner />;
  if (!error) return null;
  const text = isApiError(error) && error.msg && error.key !== 'aborted' ? error.msg : t('app.loadFailed');
  return (
    <EmptyState icon={icon} title={text}>
      <Button variant="secondary" onClick={onRetry} data-testid="retry">
        {t('app.retry')}
      </Button>
    </EmptyState>
  );
}
