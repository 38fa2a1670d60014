import type { VenueTrade } from '@otc/core';

/** A source of index ticks. The simulator is the embedded default; an exchange adapter replaces it. */
export interface IndexTick {
  symbol: string;
  price: string;
  volume: string;
  ts: number;
  /** The venue trade it came from, where the feed is a venue's trades (decision 0152). */
  trade?: VenueTrade;
}

export interface PriceFeed {
  readonly source: string;
  start(emit: (tick: IndexTick) => void): void;
  stop(): void;
}
