import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Leverage from 1x to the instrument's cap: a slider and the usual steps as one tap each. */
export function LeverageControl({
  value,
  cap,
  onChange,
  error,
  byCountry = false,
}: {
  value: number;
  cap: number;
  /** The cap is the reader's country's rule, lower than the instrument's own: said beside it. */
  byCountry?: boolean;
  onChange: (value: number) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const steps = [...new Set([1, 2, 5, 10, 20, 50, 100].filter((s) => s < cap).concat(cap))].slice(-5);
  return (
    <div className="pos-leverage">
      <div className="pos-leverage-head">
        <label htmlFor={id} className="field-label">
          {t('positions.ticket.leverage')}
        </label>
        <output htmlFor={id} className="pos-leverage-value" data-testid="leverage-value">
          {value}x
        </output>
        <span className="pos-leverage-cap" data-testid="leverage-cap">
          {t('positions.ticket.leverageCap', { max: cap })}
          {byCountry && ` · ${t('positions.ticket.countryRule')}`}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={1}
        max={cap}
        step={1}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="pos-range"
        data-testid="leverage"
      />
      <div className="pos-leverage-steps">
        {steps.map((s) => (
          <button
            key={s}
            type="button"
            className={`pos-chip${s === value ? ' pos-chip-on' : ''}`}
            aria-pressed={s === value}
            onClick={() => onChange(s)}
            data-testid={`leverage-${s}`}
          >
            {s}x
          </button>
        ))}
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="leverage-error">
          {error}
        </p>
      )}
    </div>
  );
}
