import { CANDLE_INTERVALS, type CandleInterval } from '@otc/protocol/market/constants';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTabParam } from '../app/useTabParam.ts';
import { Button } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { Tabs } from '../ui/Tabs.tsx';

type ChartProps = { symbol: string; interval: CandleInterval; tickSize: string | undefined };
const loadChart = () => import('./chart/CandleChart.tsx');
// The chart library is heavy: it loads in its own chunk, only where a chart shows.
let Chart = lazy<ComponentType<ChartProps>>(loadChart);

export const DEFAULT_INTERVAL: CandleInterval = '15m';

function isInterval(value: string | null): value is CandleInterval {
  return (CANDLE_INTERVALS as readonly string[]).includes(value ?? '');
}

class ChartBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Interval tabs over the lazily loaded candlestick chart; the interval is kept in the URL. */
export function ChartPanel({ symbol, tickSize }: { symbol: string; tickSize: string | undefined }) {
  const { t } = useTranslation();
  const [param, setParam] = useTabParam('interval');
  const interval = isInterval(param) ? param : DEFAULT_INTERVAL;
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    Chart = lazy<ComponentType<ChartProps>>(loadChart);
    setAttempt((n) => n + 1);
  };
  return (
    <section className="card chart-card">
      <Tabs
        variant="pills"
        tabs={CANDLE_INTERVALS.map((id) => ({ id, label: id }))}
        value={interval}
        onChange={setParam}
        testIdPrefix="interval-"
      />
      <div className="chart-box" data-testid="chart" data-symbol={symbol} data-interval={interval}>
        <ChartBoundary
          key={attempt}
          fallback={
            <div className="chart-overlay">
              <span>{t('market.chart.failed')}</span>
              <Button variant="secondary" onClick={retry}>
                {t('app.retry')}
              </Button>
            </div>
          }
        >
          <Suspense
            fallback={
              <div className="chart-overlay">
                <Spinner size={22} />
              </div>
            }
          >
            <Chart symbol={symbol} interval={interval} tickSize={tickSize} />
          </Suspense>
        </ChartBoundary>
      </div>
    </section>
  );
}
