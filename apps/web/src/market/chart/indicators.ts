import { bollinger, ema, type Line, macd, rsi, sma } from '@otc/core/market/indicators';
import { cache } from '../../api/storage.ts';

/**
 * The chart's indicators (decision 0162): MA, EMA and Bollinger bands drawn over the candles, MACD
 * and RSI each in a pane of their own below. None is on until the user turns it on, and the choice
 * is kept on the device.
 */
export const INDICATORS = ['ma', 'ema', 'boll', 'macd', 'rsi'] as const;
export type Indicator = (typeof INDICATORS)[number];

/** Drawn on the candles' pane; the others get a pane each. */
export const ON_PRICE: ReadonlySet<Indicator> = new Set(['ma', 'ema', 'boll']);

/**
 * The same letters in every language: what traders read on every chart. The parameters (below)
 * are the usual ones, left off the toggles so the row fits a phone.
 */
export const LABELS: Record<Indicator, string> = {
  ma: 'MA',
  ema: 'EMA',
  boll: 'BOLL',
  macd: 'MACD',
  rsi: 'RSI',
};

/**
 * Each indicator's lines over the closes, in the order its series are made: the one line of MA,
 * EMA and RSI; Bollinger's middle, upper and lower; MACD's histogram, line and signal.
 */
export function indicatorLines(indicator: Indicator, closes: readonly string[]): Line[] {
  switch (indicator) {
    case 'ma':
      return [sma(closes, 20)];
    case 'ema':
      return [ema(closes, 50)];
    case 'boll': {
      const b = bollinger(closes, 20, 2);
      return [b.middle, b.upper, b.lower];
    }
    case 'macd': {
      const m = macd(closes, 12, 26, 9);
      return [m.histogram, m.macd, m.signal];
    }
    case 'rsi':
      return [rsi(closes, 14)];
  }
}

/** A line as the chart's points: one per candle time that has a value (none before enough candles). */
export function points<T>(line: Line, times: readonly T[]): { time: T; value: number }[] {
  const out: { time: T; value: number }[] = [];
  line.forEach((value, i) => {
    const time = times[i];
    if (value !== undefined && Number.isFinite(value) && time !== undefined) out.push({ time, value });
  });
  return out;
}

/** Under a key of its own, not in STORAGE_KEYS, which loads with the first route. */
const KEY = 'chartIndicators';
/** Kept as long as the device: a chart set up once should stay so. */
const KEPT_SECONDS = 10 * 365 * 86_400;

/** A stored value as indicators: the known ones, once each, in the toggles' order. */
export function toIndicators(stored: unknown): Indicator[] {
  if (!Array.isArray(stored)) return [];
  return INDICATORS.filter((id) => stored.includes(id));
}

export function storedIndicators(): Indicator[] {
  return toIndicators(cache.get(KEY));
}

export function keepIndicators(on: readonly Indicator[]): void {
  if (on.length === 0) cache.remove(KEY);
  else cache.set(KEY, on, KEPT_SECONDS);
}
