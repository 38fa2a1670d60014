/** Market vocabulary without zod, for the web's first screens. PRODUCT.md "Markets". */
export const INSTRUMENT_CLASSES = ['crypto', 'stock', 'forex', 'metal', 'commodity'] as const;
export type InstrumentClassName = (typeof INSTRUMENT_CLASSES)[number];
export const INSTRUMENT_KINDS = ['spot', 'perp', 'cfd'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d', '1w'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const MARKET_STATUSES = ['open', 'closed', 'halted'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];
export const SESSIONS = ['always', 'forex', 'us-stock', 'metal', 'commodity'] as const;
export type TradingSession = (typeof SESSIONS)[number];

/** A feed silent this long halts its instrument (issue 4): never trade on an old price. */
export const STALE_AFTER_MS = 10_000;
