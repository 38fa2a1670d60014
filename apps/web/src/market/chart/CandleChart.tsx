import { klineChannel } from '@otc/protocol/market/channels';
import type { CandleInterval } from '@otc/protocol/market/constants';
import type { Candle } from '@otc/protocol/market/schemas';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n/useLang.ts';
import { tickDecimals } from '../../money/format.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { onThemeChange } from '../../ui/theme.ts';
import { useChannel } from '../../ws/useChannel.ts';
import { marketApi } from '../marketApi.ts';
import { applyLive, CANDLE_PAGE, chartTime, isIntraday, prependOlder } from './candles.ts';
import { IndicatorToggles } from './IndicatorToggles.tsx';
import { addIndicators, drawIndicators, type IndicatorGroup, removeIndicators } from './indicatorSeries.ts';
import { type Indicator, keepIndicators, storedIndicators, toIndicators } from './indicators.ts';
import { type ChartPalette, chartPalette } from './palette.ts';

/** Scrolled to within this many bars of the oldest one, older candles are fetched. */
const LOAD_OLDER_AT = 15;
/** After a failed scroll-back request, wait this long before trying again. */
const RETRY_OLDER_MS = 5000;
/**
 * A short history may still be landing (a platform's first start fills it in the background): for
 * this long after such a load the chart asks for older candles every HISTORY_POLL_MS, and grows.
 */
const HISTORY_GROWS_FOR_MS = 120_000;
const HISTORY_POLL_MS = 5000;

interface View {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  palette: ChartPalette;
  indicators: IndicatorGroup[];
}

// Prices become JS numbers here, and only here: the chart library draws numbers.
function toBar(c: Candle, interval: CandleInterval) {
  return {
    time: chartTime(c.t, interval) as UTCTimestamp,
    open: Number(c.o),
    high: Number(c.h),
    low: Number(c.l),
    close: Number(c.c),
  };
}

function toVolume(c: Candle, interval: CandleInterval, palette: ChartPalette) {
  return {
    time: chartTime(c.t, interval) as UTCTimestamp,
    value: Number(c.v),
    color: Number(c.c) >= Number(c.o) ? palette.upVolume : palette.downVolume,
  };
}

type Status = 'loading' | 'ready' | 'empty' | 'error';

/** The chart's colours from the palette: when it is made and when the theme changes. */
function chartColours(palette: ChartPalette) {
  return {
    layout: {
      background: { type: ColorType.Solid, color: palette.background },
      textColor: palette.text,
      // The line between the candles and an indicator's pane (decision 0162): the grid's colour.
      panes: { separatorColor: palette.line },
    },
    grid: { vertLines: { color: palette.line }, horzLines: { color: palette.line } },
    rightPriceScale: { borderColor: palette.line },
    timeScale: { borderColor: palette.line },
  } as const;
}

function candleColours(palette: ChartPalette) {
  return {
    upColor: palette.up,
    downColor: palette.down,
    wickUpColor: palette.up,
    wickDownColor: palette.down,
  };
}

/**
 * Candlesticks with volume below: history from /api/market/candles, the open candle live from
 * `kline:<SYMBOL>:<interval>`, and older candles fetched (with `before`) when scrolled back.
 */
export default function CandleChart({
  symbol,
  interval,
  tickSize,
}: {
  symbol: string;
  interval: CandleInterval;
  tickSize: string | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const box = useRef<HTMLDivElement>(null);
  const view = useRef<View | null>(null);
  const bars = useRef<Candle[]>([]);
  const early = useRef<unknown[]>([]);
  const params = useRef({ symbol, interval });
  const load = useRef({
    generation: 0,
    ready: false,
    loadingOlder: false,
    exhausted: false,
    retryAt: 0,
    growsUntil: 0,
  });
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  // What the canvas shows, said in the DOM too (bar count, last bar's time and close): the canvas
  // itself cannot be read by assistive tech or by the e2e journeys.
  const [drawn, setDrawn] = useState({ bars: 0, last: '' });
  const [indicators, setIndicators] = useState<Indicator[]>(storedIndicators);
  const shown = useRef(indicators);
  const toggle = (id: Indicator) => {
    const next = toIndicators(
      indicators.includes(id) ? indicators.filter((x) => x !== id) : [...indicators, id],
    );
    keepIndicators(next);
    setIndicators(next);
  };
  // The panes and series the chart holds, read back from it: what the indicators added, for the
  // e2e journeys (the canvas cannot be read).
  const [layout, setLayout] = useState({ panes: 0, series: 0 });
  const noteLayout = () => {
    const panes = view.current?.chart.panes() ?? [];
    setLayout({ panes: panes.length, series: panes.reduce((n, pane) => n + pane.getSeries().length, 0) });
  };
  const noteDrawn = () => {
    const last = bars.current[bars.current.length - 1];
    setDrawn({ bars: bars.current.length, last: last ? `${last.t}:${last.c}` : '' });
  };

  const draw = () => {
    const v = view.current;
    if (!v) return;
    const { interval: iv } = params.current;
    v.candles.setData(bars.current.map((c) => toBar(c, iv)));
    v.volume.setData(bars.current.map((c) => toVolume(c, iv, v.palette)));
    redrawIndicators();
    noteDrawn();
  };

  const redrawIndicators = () => {
    const v = view.current;
    if (!v || v.indicators.length === 0) return;
    const { interval: iv } = params.current;
    const times = bars.current.map((c) => chartTime(c.t, iv) as UTCTimestamp);
    drawIndicators(
      v.indicators,
      bars.current.map((c) => c.c),
      times,
      v.palette,
    );
  };

  /** The indicators' series made anew: for another choice, or in the new theme's colours. */
  const remakeIndicators = () => {
    const v = view.current;
    if (!v) return;
    removeIndicators(v.chart, v.indicators);
    v.indicators = addIndicators(v.chart, shown.current, v.palette);
    redrawIndicators();
    noteLayout();
  };

  const loadOlder = () => {
    const state = load.current;
    const first = bars.current[0];
    if (!first || !state.ready || state.loadingOlder || state.exhausted || Date.now() < state.retryAt) return;
    state.loadingOlder = true;
    const { generation } = state;
    const { symbol: s, interval: iv } = params.current;
    marketApi
      .candles({ symbol: s, interval: iv, before: first.t, limit: CANDLE_PAGE }, { toast: false })
      .then(
        (older) => {
          if (generation !== state.generation) return;
          state.loadingOlder = false;
          if (older.length < CANDLE_PAGE && Date.now() >= state.growsUntil) state.exhausted = true;
          if (older.length === 0) return;
          bars.current = prependOlder(bars.current, older);
          draw();
        },
        () => {
          if (generation !== state.generation) return;
          state.loadingOlder = false;
          state.retryAt = Date.now() + RETRY_OLDER_MS;
        },
      );
  };
  const loadOlderRef = useRef(loadOlder);
  loadOlderRef.current = loadOlder;

  // The chart itself, made once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; draw reads refs
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const palette = chartPalette();
    const colours = chartColours(palette);
    const chart = createChart(node, {
      autoSize: true,
      layout: { ...colours.layout, fontSize: 11 },
      grid: colours.grid,
      rightPriceScale: { ...colours.rightPriceScale, scaleMargins: { top: 0.08, bottom: 0.28 } },
      timeScale: { ...colours.timeScale, rightOffset: 4 },
    });
    const candles = chart.addSeries(CandlestickSeries, { ...candleColours(palette), borderVisible: false });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: '',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('').applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
    const onRange = (range: LogicalRange | null) => {
      if (range && range.from < LOAD_OLDER_AT) loadOlderRef.current();
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    view.current = {
      chart,
      candles,
      volume,
      palette,
      indicators: addIndicators(chart, shown.current, palette),
    };
    draw();
    noteLayout();
    // Light or dark changed (the user's choice, or the system's at sunset): recoloured in place.
    const stopTheme = onThemeChange(() => {
      const v = view.current;
      if (!v) return;
      v.palette = chartPalette();
      v.chart.applyOptions(chartColours(v.palette));
      v.candles.applyOptions(candleColours(v.palette));
      remakeIndicators();
      draw();
    });
    return () => {
      stopTheme();
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      view.current = null;
      chart.remove();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: remakeIndicators reads refs
  useEffect(() => {
    if (shown.current === indicators) return;
    shown.current = indicators;
    remakeIndicators();
  }, [indicators]);

  useEffect(() => {
    view.current?.chart.applyOptions({
      localization: { locale: lang },
      timeScale: { timeVisible: isIntraday(interval), secondsVisible: false },
    });
  }, [lang, interval]);

  useEffect(() => {
    if (!tickSize) return;
    const precision = tickDecimals(tickSize);
    view.current?.candles.applyOptions({
      priceFormat: { type: 'price', precision, minMove: Number(tickSize) || 10 ** -precision },
    });
  }, [tickSize]);

  // History for each symbol and interval (again on `attempt`, the retry button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: draw reads refs; attempt retries
  useEffect(() => {
    params.current = { symbol, interval };
    const state = load.current;
    const generation = ++state.generation;
    Object.assign(state, { ready: false, loadingOlder: false, exhausted: false, retryAt: 0, growsUntil: 0 });
    bars.current = [];
    early.current = [];
    draw();
    setStatus('loading');
    marketApi.candles({ symbol, interval, limit: CANDLE_PAGE }, { toast: false }).then(
      (items) => {
        if (generation !== state.generation) return;
        let all = [...items];
        for (const candle of early.current) all = applyLive(all, candle).bars;
        early.current = [];
        bars.current = all;
        state.ready = true;
        if (items.length < CANDLE_PAGE) state.growsUntil = Date.now() + HISTORY_GROWS_FOR_MS;
        draw();
        view.current?.chart.timeScale().scrollToRealTime();
        setStatus(all.length > 0 ? 'ready' : 'empty');
      },
      () => {
        if (generation === state.generation) setStatus('error');
      },
    );
  }, [symbol, interval, attempt]);

  // While a short history may still be landing, ask for what landed before the first bar.
  useEffect(() => {
    const timer = setInterval(() => {
      if (load.current.ready && Date.now() < load.current.growsUntil) loadOlderRef.current();
    }, HISTORY_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  useChannel<unknown>(klineChannel(symbol, interval), (candle) => {
    if (!load.current.ready) {
      early.current.push(candle);
      return;
    }
    const result = applyLive(bars.current, candle);
    if (result.change === 'none') return;
    bars.current = result.bars;
    const last = result.bars[result.bars.length - 1];
    const v = view.current;
    if (result.change === 'last' && last && v) {
      v.candles.update(toBar(last, interval));
      v.volume.update(toVolume(last, interval, v.palette));
      // An indicator's last value moves with the last close; recomputed over the candles held.
      redrawIndicators();
      noteDrawn();
    } else {
      draw();
    }
    setStatus((s) => (s === 'empty' ? 'ready' : s));
  });

  return (
    <div
      className="chart-root"
      data-status={status}
      data-bars={drawn.bars}
      data-last={drawn.last}
      data-indicators={indicators.join(' ')}
      data-panes={layout.panes}
      data-series={layout.series}
    >
      <IndicatorToggles on={indicators} onToggle={toggle} />
      <div ref={box} className="chart-canvas" />
      {status === 'loading' && (
        <div className="chart-overlay">
          <Spinner size={22} />
        </div>
      )}
      {status === 'empty' && (
        <div className="chart-overlay">
          <span>{t('market.chart.empty')}</span>
        </div>
      )}
      {status === 'error' && (
        <div className="chart-overlay">
          <span>{t('market.chart.failed')}</span>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)} data-testid="chart-retry">
            {t('app.retry')}
          </Button>
        </div>
      )}
    </div>
  );
}
