import { describe, expect, it } from 'vitest';
import {
  CLOCK,
  DATE_ONLY,
  formatAssetAmountIn,
  formatCompactIn,
  formatDateTimeIn,
  formatPercentIn,
  formatPriceIn,
  formatQuantityIn,
  tickDecimals,
} from '../src/index.ts';

// Intl puts a no-break space (U+00A0 or U+202F) where a reader sees a space; compare as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the price rule: fixed width at the tick', () => {
  const btc = { tickSize: '0.01' };
  it('shows every place of the tick, cut, never rounded up', () => {
    expect(tickDecimals('0.01')).toBe(2);
    expect(tickDecimals('0.50')).toBe(1);
    expect(tickDecimals('1')).toBe(0);
    expect(formatPriceIn('67433.8', btc, 'en')).toBe('67,433.80');
    expect(formatPriceIn('67433', btc, 'en')).toBe('67,433.00');
    expect(formatPriceIn('67433.809', btc, 'en')).toBe('67,433.80');
  });
  it("takes the language's separators", () => {
    expect(formatPriceIn('67433.8', btc, 'de')).toBe('67.433,80');
    expect(plain(formatPriceIn('67433.8', btc, 'fr'))).toBe('67 433,80');
    expect(formatPriceIn('67433.8', btc, 'ja')).toBe('67,433.80');
    expect(formatPriceIn('67433.8', btc, 'zh-TW')).toBe('67,433.80');
  });
  it('shows a JPY-quoted pair at its own tick', () => {
    const usdJpy = { tickSize: '0.001' };
    expect(formatPriceIn('156.1', usdJpy, 'en')).toBe('156.100');
    expect(formatPriceIn('156.12345', usdJpy, 'ja')).toBe('156.123');
    expect(formatPriceIn('156.12345', usdJpy, 'de')).toBe('156,123');
    expect(formatPriceIn('1561', { tickSize: '1' }, 'en')).toBe('1,561');
  });
});

describe('the amount rule: the asset display decimals, the same on every screen', () => {
  it('reads an ETH balance alike in Assets, a quote and the proof', () => {
    const eth = { displayDecimals: 6 };
    expect(formatAssetAmountIn('0.02822488', eth, 'en')).toBe('0.028224');
    expect(formatAssetAmountIn('0.028224880000000000', eth, 'de')).toBe('0,028224');
  });
  it('shows USDT with its two places, cut: a prepaid amount never reads more than is frozen', () => {
    const usdt = { displayDecimals: 2 };
    expect(formatAssetAmountIn('339.02484075', usdt, 'en')).toBe('339.02');
    expect(formatAssetAmountIn('337.4458', usdt, 'en')).toBe('337.44');
    expect(formatAssetAmountIn('20000', usdt, 'en')).toBe('20,000.00');
    expect(formatAssetAmountIn('20000', usdt, 'de')).toBe('20.000,00');
    expect(formatAssetAmountIn('20000', usdt, 'ja')).toBe('20,000.00');
  });
  it('groups a quantity with the default places', () => {
    expect(formatQuantityIn('1234.5', 'en')).toBe('1,234.5');
    expect(formatQuantityIn('0.123456789', 'de')).toBe('0,12345678');
  });
});

describe('the percent rule: two places, always', () => {
  it('rounds a ratio to two places of a percent', () => {
    expect(formatPercentIn('0.555556', 'en')).toBe('55.56%');
    expect(formatPercentIn('0.05', 'en')).toBe('5.00%');
    expect(formatPercentIn('0.00004', 'en')).toBe('0.00%');
    expect(formatPercentIn('0.00005', 'en')).toBe('0.01%');
    expect(formatPercentIn('12.5', 'en')).toBe('1,250.00%');
    expect(formatPercentIn(0.8, 'en')).toBe('80.00%');
  });
  it('puts the sign where the language does', () => {
    expect(plain(formatPercentIn('0.555556', 'de'))).toBe('55,56 %');
    expect(plain(formatPercentIn('0.555556', 'fr'))).toBe('55,56 %');
    expect(formatPercentIn('0.555556', 'ja')).toBe('55.56%');
    expect(formatPercentIn('0.555556', 'zh-TW')).toBe('55.56%');
  });
  it('signs a change when asked, never zero', () => {
    expect(formatPercentIn('-0.0123', 'en', { signed: true })).toBe('-1.23%');
    expect(formatPercentIn('0.05', 'en', { signed: true })).toBe('+5.00%');
    expect(formatPercentIn('0', 'en', { signed: true })).toBe('0.00%');
    expect(formatPercentIn('-0.00001', 'en', { signed: true })).toBe('0.00%');
    expect(plain(formatPercentIn('-0.0123', 'de', { signed: true }))).toBe('-1,23 %');
  });
  it('shows -- for what is no number', () => {
    expect(formatPercentIn('abc', 'en')).toBe('--');
    expect(formatPercentIn(Number.NaN, 'en')).toBe('--');
  });
});

describe('the date rule: one style per language', () => {
  const at = '2026-11-27T16:01:48Z';
  it('shows the medium date and the short time, whatever the source form', () => {
    expect(formatDateTimeIn(at, 'en', undefined, 'UTC')).toBe(
      formatDateTimeIn(Date.parse(at), 'en', undefined, 'UTC'),
    );
    expect(plain(formatDateTimeIn(at, 'en', undefined, 'UTC'))).toBe('Nov 27, 2026, 4:01 PM');
    expect(formatDateTimeIn(at, 'de', undefined, 'UTC')).toBe('27.11.2026, 16:01');
    expect(formatDateTimeIn(at, 'ja', undefined, 'UTC')).toBe('2026/11/27 16:01');
  });
  it('keeps the second on a tape clock, and drops the time from a day', () => {
    expect(plain(formatDateTimeIn(at, 'en', CLOCK, 'UTC'))).toBe('4:01:48 PM');
    expect(formatDateTimeIn(at, 'de', CLOCK, 'UTC')).toBe('16:01:48');
    expect(formatDateTimeIn(at, 'en', DATE_ONLY, 'UTC')).toBe('Nov 27, 2026');
  });
  it('gives nothing for an unreadable time', () => {
    expect(formatDateTimeIn('not a date', 'en')).toBe('');
  });
});

describe('compact volumes', () => {
  it('shows a turnover in the language units', () => {
    expect(formatCompactIn('190345.12', 'en')).toBe('190K');
    expect(formatCompactIn('190345.12', 'ja')).toBe('19万');
    expect(formatCompactIn('', 'en')).toBe('--');
  });
});
