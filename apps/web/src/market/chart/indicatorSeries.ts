import {
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type Indicator, indicatorLines, ON_PRICE, points } from './indicators.ts';
import type { ChartPalette } from './palette.ts';

/** The chart's series of one indicator, in the order indicatorLines gives its lines. */
export interface IndicatorGroup {
  indicator: Indicator;
  series: ISeriesApi<'Line' | 'Histogram'>[];
}

/** Thin lines without price labels: the candles' price stays the one figure on the scale. */
const QUIET = {
  lineWidth: 1,
  priceLineVisible: false,
  lastValueVisible: false,
  crosshairMarkerVisible: false,
} as const;
/** The price pane keeps most of the height; each indicator pane gets a third of it. */
const PRICE_STRETCH = 3;

function lines(chart: IChartApi, pane: number, colours: string[], styles: LineStyle[] = []) {
  return colours.map((color, i) =>
    chart.addSeries(LineSeries, { ...QUIET, color, lineStyle: styles[i] ?? LineStyle.Solid }, pane),
  );
}

type Maker = (chart: IChartApi, pane: number, palette: ChartPalette) => IndicatorGroup['series'];

const MAKERS: Record<Indicator, Maker> = {
  ma: (chart, pane, palette) => lines(chart, pane, [palette.accent]),
  ema: (chart, pane, palette) => lines(chart, pane, [palette.second]),
  // The middle line dotted, the bands solid, all in one quiet colour.
  boll: (chart, pane, palette) =>
    lines(chart, pane, [palette.bands, palette.bands, palette.bands], [LineStyle.Dotted]),
  macd: (chart, pane, palette) => [
    chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false }, pane),
    ...lines(chart, pane, [palette.accent, palette.second]),
  ],
  rsi: (chart, pane, palette) => {
    const made = lines(chart, pane, [palette.accent]);
    // The usual overbought and oversold marks.
    for (const price of [70, 30]) {
      made[0]?.createPriceLine({
        price,
        color: palette.bands,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: false,
      });
    }
    return made;
  },
};

/**
 * Makes the series of the indicators on (in INDICATORS order): MA, EMA and Bollinger on the
 * candles' pane, then MACD and RSI on a pane each below, the library's own panes.
 */
export function addIndicators(
  chart: IChartApi,
  on: readonly Indicator[],
  palette: ChartPalette,
): IndicatorGroup[] {
  let pane = 0;
  const groups = on.map((indicator) => {
    const at = ON_PRICE.has(indicator) ? 0 : ++pane;
    return { indicator, series: MAKERS[indicator](chart, at, palette) };
  });
  chart.panes()[0]?.setStretchFactor(PRICE_STRETCH);
  return groups;
}

/** Removes the indicators' series and the panes they had below the candles. */
export function removeIndicators(chart: IChartApi, groups: readonly IndicatorGroup[]): void {
  for (const group of groups) for (const series of group.series) chart.removeSeries(series);
  while (chart.panes().length > 1) chart.removePane(chart.panes().length - 1);
}

/** Recomputes every indicator over the candles (closes and their chart times) and draws it. */
export function drawIndicators(
  groups: readonly IndicatorGroup[],
  closes: readonly string[],
  times: readonly UTCTimestamp[],
  palette: ChartPalette,
): void {
  for (const group of groups) {
    const values = indicatorLines(group.indicator, closes);
    group.series.forEach((series, i) => {
      const data = points(values[i] ?? [], times);
      // MACD's histogram is coloured by its sign, as the volume is by the candle's.
      const histogram = group.indicator === 'macd' && i === 0;
      series.setData(
        histogram
          ? data.map((p) => ({ ...p, color: p.value >= 0 ? palette.upVolume : palette.downVolume }))
          : data,
      );
    });
  }
}
