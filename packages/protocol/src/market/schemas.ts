import { z } from 'zod';
import { decimalInput } from '../amounts.ts';
import { amountText, signedAmountText } from '../ledger/schemas.ts';
import { newsHit } from '../news/schemas.ts';
import {
  CANDLE_INTERVALS,
  INSTRUMENT_CLASSES,
  INSTRUMENT_KINDS,
  MARKET_STATUSES,
  SESSIONS,
} from './constants.ts';

export const signedDecimal = signedAmountText;
export const symbol = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,12}([/-][A-Z0-9]{1,12})?$/);

export const instrument = z.object({
  symbol: z.string().describe('BTC/USDT (spot), BTC-PERP (perpetual), AAPL, EUR/USD, XAU/USD, WTI (CFDs)'),
  name: z.string(),
  kind: z.enum(INSTRUMENT_KINDS),
  class: z.enum(INSTRUMENT_CLASSES),
  base: z.string(),
  quote: z.string(),
  tickSize: amountText,
  lotSize: amountText,
  minNotional: amountText,
  maxLeverage: z.number().int(),
  makerFee: amountText,
  takerFee: amountText,
  stampDuty: amountText,
  session: z.enum(SESSIONS),
  status: z.enum(MARKET_STATUSES),
  statusReason: z.enum(['session', 'stale', 'admin']).nullable(),
});
export type Instrument = z.infer<typeof instrument>;

export const ticker = z.object({
  symbol: z.string(),
  price: amountText,
  open24h: amountText,
  high24h: amountText,
  low24h: amountText,
  change24h: signedDecimal.describe('Fraction: -0.0123 is -1.23%'),
  volume24h: amountText.describe('24 h volume in the base asset (coins, shares, lots)'),
  quoteVolume24h: amountText.describe(
    '24 h turnover in the quote currency (USDT for BTC/USDT): the sum of price × volume, exact; what the market list shows as volume',
  ),
  quoteVolumeUsdt24h: amountText
    .nullable()
    .describe(
      'quoteVolume24h in USDT at the quote currency’s rate now (USD at par, a yen pair through USD/JPY), rounded down: what the market list ranks "Top volume" by, as turnovers in different currencies do not compare. Null while the quote has no USD leg with a price',
    ),
  status: z.enum(MARKET_STATUSES),
  ts: z.number().int().describe('Time of the last index tick, ms since the epoch'),
  asOf: z
    .number()
    .int()
    .describe(
      'When the server read this ticker, ms since the epoch: of two with the same tick time the later is current (a session closes without a tick)',
    ),
});
export type Ticker = z.infer<typeof ticker>;

export const candle = z.object({
  t: z.number().int().describe('Open time, ms since the epoch'),
  o: amountText,
  h: amountText,
  l: amountText,
  c: amountText,
  v: amountText,
  q: amountText
    .optional()
    .describe('Turnover in the quote currency; absent on candles recorded before it was kept'),
});
export type Candle = z.infer<typeof candle>;

export const instrumentFilter = z.object({
  kind: z.enum(INSTRUMENT_KINDS).optional(),
  class: z.enum(INSTRUMENT_CLASSES).optional(),
});
/** The lists' filter, which may be left out. */
export const instrumentFilterBody = instrumentFilter.optional();
export const instrumentList = z.object({ items: z.array(instrument) });
export const tickerList = z.object({ items: z.array(ticker) });
/** The search across instruments (`items`) and published news in the reader's language (`news`). */
export const searchResult = z.object({ items: z.array(instrument), news: z.array(newsHit) });
export type SearchResult = z.infer<typeof searchResult>;
export const searchBody = z.object({ q: z.string().trim().min(1).max(32) });
export const symbolBody = z.object({ symbol });
export const instrumentDetail = z.object({ instrument, ticker: ticker.nullable() });
export type InstrumentDetail = z.infer<typeof instrumentDetail>;
export const candlesBody = z.object({
  symbol,
  interval: z.enum(CANDLE_INTERVALS),
  before: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Only candles opening before this time (ms), for scrolling back'),
  limit: z.number().int().min(1).max(1000).default(300),
});
export const candleList = z.object({ items: z.array(candle) });
export const homeData = z.object({
  tickers: z.array(ticker),
  gainers: z.array(ticker),
  losers: z.array(ticker),
  announcements: z.array(z.object({ id: z.string(), title: z.string(), publishedAt: z.iso.datetime() })),
});
export type HomeData = z.infer<typeof homeData>;
export const favoritesList = z.object({ symbols: z.array(z.string()) });
export const favoriteBody = z.object({ symbol, on: z.boolean() });

// The instrument registry in the back office (issue 4).
export const updateInstrumentBody = z.strictObject({
  symbol: z.string().trim().toUpperCase().max(25),
  halted: z.boolean().optional(),
  tickSize: decimalInput.optional(),
  lotSize: decimalInput.optional(),
  minNotional: decimalInput.optional(),
  maxLeverage: z.number().int().min(1).max(125).optional(),
  makerFee: decimalInput.optional(),
  takerFee: decimalInput.optional(),
  stampDuty: decimalInput.optional(),
});
export type UpdateInstrumentBody = z.infer<typeof updateInstrumentBody>;

/**
 * The published heads of an instrument's index tick chain (decision 0142), one a minute, newest
 * first; `before` (ms) pages back. A user compares a contract's proof with these.
 */
export const tickHeadsBody = z.strictObject({
  symbol,
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(1440).default(60),
});
export const tickHeadList = z.object({
  items: z.array(z.object({ minute: z.number().int(), seq: z.string(), hash: z.string() })),
});
export type TickHeadList = z.infer<typeof tickHeadList>;
