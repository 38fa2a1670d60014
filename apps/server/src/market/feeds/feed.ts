/** A source of index ticks. The simulator is the embedded default; an exchange adapter replaces it. */
export interface IndexTick {
  symbol: string;
  price: string;
  volume: string;
  ts: number;
}

export interface PriceFeed {
  readonly source: string;
  start(emit: (tick: IndexTick) => void): void;
  stop(): void;
}
