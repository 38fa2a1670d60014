import { useTranslation } from 'react-i18next';
import { INDICATORS, type Indicator, LABELS } from './indicators.ts';

/** The row of indicator switches over the chart, in the interval pills' look (ui/tabs.css). */
export function IndicatorToggles({
  on,
  onToggle,
}: {
  on: readonly Indicator[];
  onToggle: (id: Indicator) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mk-tabs mk-tabs-small chart-indicators">
      <legend className="visually-hidden">{t('chart.indicators')}</legend>
      {INDICATORS.map((id) => {
        const pressed = on.includes(id);
        return (
          <button
            key={id}
            type="button"
            className={`mk-tab${pressed ? ' mk-tab-active' : ''}`}
            aria-pressed={pressed}
            data-testid={`indicator-${id}`}
            onClick={() => onToggle(id)}
          >
            {LABELS[id]}
          </button>
        );
      })}
    </fieldset>
  );
}
