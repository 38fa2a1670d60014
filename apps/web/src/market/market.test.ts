import type { Instrument, Ticker } from '@otc/protocol/market/schemas';
import { describe, expect, it } from 'vitest';
import { detailPath } from '../app/paths.ts';
import {
  compareDecimal,
  formatChange,
  formatPrice,
  priceDecimals,
  tickDecimals,
  tone,
} from '../money/format.ts';
import { toggled } from './favorites.ts';
import { instrumentTitle } from './instrumentTitle.ts';
import { MAX_RECENT, withRecent } from './recent.ts';
import { nextSort, sortInstruments, topByVolume } from './sort.ts';
import { mergeTickers } from './tickers.ts';

const ticker = (symbol: string, over: Partial<Ticker> = {}): Ticker => ({
  symbol,
  price: '1',
  open24h: '1',
  high24h: '1',
  low24h: '1',
  change24h: '0',
  volume24h: '0',
  quoteVolume24h: '0',
  quoteVolumeUsdt24h: '0',
  status: 'open',
  ts: 1,
  asOf: 1,
  ...over,
});
const instrument = (symbol: string): Instrument => ({ symbol }) as Instrument;

describe('market formatting', () => {
  it('takes decimals from the tick size', () => {
    expect(tickDecimals('0.01')).toBe(2);
    expect(tickDecimals('0.00001')).toBe(5);
    expect(tickDecimals('0.50')).toBe(1);
    expect(tickDecimals('1')).toBe(0);
    expect(priceDecimals('67250.123', '0.1')).toBe(1);
    expect(priceDecimals('1.0845200001', undefined)).toBe(8);
    expect(priceDecimals('155', undefined)).toBe(0);
  });

  it('cuts and pads prices to the tick without rounding', () => {
    expect(formatPrice('67250.5', 2, 'en')).toBe('67,250.50');
    expect(formatPrice('1.084529', 5, 'en')).toBe('1.08452');
    expect(formatPrice('67250.5', 2, 'de')).toBe('67.250,50');
  });

  it('signs and colours changes', () => {
    expect(formatChange('-0.0123', 'en')).toBe('-1.23%');
    expect(formatChange('0.05', 'en')).toBe('+5.00%');
    expect(formatChange('0', 'en')).toBe('0.00%');
    expect(tone('-0.0123')).toBe('down');
    expect(tone('0.001')).toBe('up');
    expect(tone('-0.000')).toBe('flat');
    expect(tone('0')).toBe('flat');
    expect(tone('bad')).toBe('flat');
  });

  it('compares decimals exactly', () => {
    expect(compareDecimal('0.30000000000000001', '0.3')).toBe(1);
    expect(compareDecimal('-0.02', '-0.1')).toBe(1);
    expect(compareDecimal('100', '99.999')).toBe(1);
    expect(compareDecimal('5', '5.000')).toBe(0);
    expect(compareDecimal('x', '0')).toBe(-1);
  });
});

describe('sorting', () => {
  it('starts descending on a new column and flips on the same one', () => {
    expect(nextSort(null, 'change')).toEqual({ key: 'change', dir: 'desc' });
    expect(nextSort({ key: 'change', dir: 'desc' }, 'change')).toEqual({ key: 'change', dir: 'asc' });
    expect(nextSort({ key: 'change', dir: 'asc' }, 'change')).toEqual({ key: 'change', dir: 'desc' });
    expect(nextSort({ key: 'change', dir: 'asc' }, 'volume')).toEqual({ key: 'volume', dir: 'desc' });
  });

  it('sorts by change or turnover and keeps instruments without a ticker last', () => {
    const list = ['A', 'B', 'C', 'D'].map(instrument);
    // Volume sorts by turnover in USDT: A traded the most coins, at 0.5 each; D's turnover is in
    // yen, the largest figure but worth 100.5 USDT.
    const tickers = new Map([
      [
        'A',
        ticker('A', {
          change24h: '-0.05',
          volume24h: '1000',
          quoteVolume24h: '500',
          quoteVolumeUsdt24h: '500',
        }),
      ],
      [
        'B',
        ticker('B', { change24h: '0.2', volume24h: '9.5', quoteVolume24h: '950', quoteVolumeUsdt24h: '950' }),
      ],
      [
        'D',
        ticker('D', {
          change24h: '0.01',
          volume24h: '100',
          quoteVolume24h: '15577.5',
          quoteVolumeUsdt24h: '100.5',
        }),
      ],
    ]);
    const symbols = (sort: Parameters<typeof sortInstruments>[2]) =>
      sortInstruments(list, tickers, sort).map((i) => i.symbol);
    expect(symbols(null)).toEqual(['A', 'B', 'C', 'D']);
    expect(symbols({ key: 'change', dir: 'desc' })).toEqual(['B', 'D', 'A', 'C']);
    expect(symbols({ key: 'change', dir: 'asc' })).toEqual(['A', 'D', 'B', 'C']);
    expect(symbols({ key: 'volume', dir: 'desc' })).toEqual(['B', 'A', 'D', 'C']);
    expect(topByVolume(tickers.values(), 2).map((t) => t.symbol)).toEqual(['B', 'A']);
    // A quote without a USD price yet has no figure to rank by: last, below every turnover.
    tickers.set('C', ticker('C', { quoteVolume24h: '99999', quoteVolumeUsdt24h: null }));
    expect(symbols({ key: 'volume', dir: 'desc' })).toEqual(['B', 'A', 'D', 'C']);
    expect(topByVolume(tickers.values(), 4).map((t) => t.symbol)).toEqual(['B', 'A', 'D', 'C']);
  });
});

describe('ticker merging', () => {
  it('keeps the newer ticker and the same map when nothing changed', () => {
    const start = mergeTickers(new Map(), [ticker('BTC/USDT', { price: '1', ts: 5 })]);
    expect(mergeTickers(start, [ticker('BTC/USDT', { price: '1', ts: 5 })])).toBe(start);
    expect(mergeTickers(start, [ticker('BTC/USDT', { price: '0.5', ts: 4 })])).toBe(start);
    expect(mergeTickers(start, [{ nonsense: true }])).toBe(start);
    const next = mergeTickers(start, [ticker('BTC/USDT', { price: '2', ts: 6 }), ticker('AAPL')]);
    expect(next).not.toBe(start);
    expect(next.get('BTC/USDT')?.price).toBe('2');
    expect(next.size).toBe(2);
    expect(start.get('BTC/USDT')?.price).toBe('1');
  });

  it('keeps a session close heard live over a list read before it, whichever arrives last', () => {
    // No tick marks a close: the live frame and the older list share the tick time.
    const open = ticker('AAPL', { ts: 100, asOf: 1_000, status: 'open' });
    const closed = ticker('AAPL', { ts: 100, asOf: 2_000, status: 'closed' });
    const live = mergeTickers(new Map(), [closed]);
    expect(mergeTickers(live, [open])).toBe(live);
    expect(mergeTickers(mergeTickers(new Map(), [open]), [closed]).get('AAPL')?.status).toBe('closed');
    // A later tick wins whatever was read when.
    const ticked = ticker('AAPL', { ts: 101, asOf: 1_500, status: 'open' });
    expect(mergeTickers(live, [ticked]).get('AAPL')?.status).toBe('open');
  });
});

describe('recent searches', () => {
  it('puts the latest first, once, and keeps at most ten', () => {
    expect(withRecent(['btc', 'aapl'], ' BTC ')).toEqual(['BTC', 'aapl']);
    expect(withRecent(['x'], '   ')).toEqual(['x']);
    const many = Array.from({ length: MAX_RECENT }, (_, i) => `q${i}`);
    expect(withRecent(many, 'new')).toEqual(['new', ...many.slice(0, MAX_RECENT - 1)]);
  });
});

describe('favourites and paths', () => {
  it('adds at the end and removes', () => {
    expect(toggled(['A'], 'B', true)).toEqual(['A', 'B']);
    expect(toggled(['A', 'B'], 'B', true)).toEqual(['A', 'B']);
    expect(toggled(['A', 'B'], 'A', false)).toEqual(['B']);
  });

  it('puts the symbol in the query string and sends CFDs to their own detail', () => {
    expect(detailPath('BTC-PERP', 'perp')).toBe('/pages/futures/heyueDetail?symbol=BTC-PERP');
    expect(detailPath('BTC/USDT', 'spot')).toBe('/pages/futures/heyueDetail?symbol=BTC%2FUSDT');
    expect(detailPath('EUR/USD', 'cfd')).toBe('/pages/option/stocksDetail?symbol=EUR%2FUSD');
  });
});

describe('instrument page title', () => {
  it('names the class, never calling a spot pair a contract', () => {
    expect(instrumentTitle({ kind: 'spot', class: 'crypto' })).toBe('market.spot');
    expect(instrumentTitle({ kind: 'perp', class: 'crypto' })).toBe('market.title.perp');
    expect(instrumentTitle({ kind: 'cfd', class: 'stock' })).toBe('market.title.stockCfd');
    expect(instrumentTitle({ kind: 'cfd', class: 'forex' })).toBe('market.title.forexCfd');
    expect(instrumentTitle({ kind: 'cfd', class: 'metal' })).toBe('market.title.metalCfd');
    expect(instrumentTitle({ kind: 'cfd', class: 'commodity' })).toBe('market.title.commodityCfd');
    expect(instrumentTitle({ kind: 'cfd', class: 'crypto' })).toBe('market.title.cryptoCfd');
  });
});
