/**
 * Chart indicators over candle closes (decimal strings, oldest first). Each result has one entry per
 * close, `undefined` where the indicator has too few candles yet, so the caller pairs it with the
 * candle's time.
 *
 * These are the one place in core where prices become JS numbers: the results are lines drawn on
 * a chart, never an amount anyone pays or is paid, and the chart library draws numbers anyway.
 */

export type Line = (number | undefined)[];

function closesOf(closes: readonly string[]): number[] {
  return closes.map((c) => Number(c));
}

/** Simple moving average of the last n closes. */
export function sma(closes: readonly string[], n: number): Line {
  return smaOf(closesOf(closes), n);
}

function smaOf(values: readonly number[], n: number): Line {
  const out: Line = new Array(values.length).fill(undefined);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i] as number;
    if (i >= n) sum -= values[i - n] as number;
    if (i >= n - 1) out[i] = sum / n;
  }
  return out;
}

/**
 * Exponential moving average, weight 2/(n+1), seeded with the SMA of the first n values (the usual
 * start: the first value is not given the weight of n of them).
 */
export function ema(closes: readonly string[], n: number): Line {
  return emaOf(closesOf(closes), n);
}

/** EMA over a line that may start with gaps (MACD's signal line): it starts where the values do. */
function emaOf(values: readonly (number | undefined)[], n: number): Line {
  const out: Line = new Array(values.length).fill(undefined);
  const k = 2 / (n + 1);
  const start = values.findIndex((v) => v !== undefined);
  if (start < 0) return out;
  let prev: number | undefined;
  let sum = 0;
  for (let i = start; i < values.length; i++) {
    const v = values[i] as number;
    if (prev === undefined) {
      sum += v;
      if (i - start === n - 1) prev = sum / n;
    } else {
      prev = v * k + prev * (1 - k);
    }
    out[i] = prev;
  }
  return out;
}

export interface Bands {
  middle: Line;
  upper: Line;
  lower: Line;
}

/** Bollinger bands: the n-SMA and k population standard deviations of the same n closes either side. */
export function bollinger(closes: readonly string[], n = 20, k = 2): Bands {
  const values = closesOf(closes);
  const middle = smaOf(values, n);
  const upper: Line = new Array(values.length).fill(undefined);
  const lower: Line = new Array(values.length).fill(undefined);
  middle.forEach((mean, i) => {
    if (mean === undefined) return;
    let squares = 0;
    for (let j = i - n + 1; j <= i; j++) squares += ((values[j] as number) - mean) ** 2;
    const sd = Math.sqrt(squares / n);
    upper[i] = mean + k * sd;
    lower[i] = mean - k * sd;
  });
  return { middle, upper, lower };
}

export interface Macd {
  macd: Line;
  signal: Line;
  histogram: Line;
}

/** MACD: EMA(fast) - EMA(slow); its signal is the EMA(signal) of that line; histogram the difference. */
export function macd(closes: readonly string[], fast = 12, slow = 26, signalN = 9): Macd {
  const values = closesOf(closes);
  const f = emaOf(values, fast);
  const s = emaOf(values, slow);
  const line: Line = values.map((_, i) => {
    const a = f[i];
    const b = s[i];
    return a === undefined || b === undefined ? undefined : a - b;
  });
  const signal = emaOf(line, signalN);
  const histogram: Line = line.map((m, i) => {
    const sig = signal[i];
    return m === undefined || sig === undefined ? undefined : m - sig;
  });
  return { macd: line, signal, histogram };
}

/**
 * RSI with Wilder's smoothing: the first averages of gains and losses are plain means of the first
 * n changes, then each is (previous x (n-1) + this change) / n. No losses gives 100; no change at
 * all gives 50 (neither side is stronger).
 */
export function rsi(closes: readonly string[], n = 14): Line {
  const values = closesOf(closes);
  const out: Line = new Array(values.length).fill(undefined);
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < values.length; i++) {
    const change = (values[i] as number) - (values[i - 1] as number);
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    if (i <= n) {
      gain += up / n;
      loss += down / n;
      if (i < n) continue;
    } else {
      gain = (gain * (n - 1) + up) / n;
      loss = (loss * (n - 1) + down) / n;
    }
    out[i] = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
  }
  return out;
}
