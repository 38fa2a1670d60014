/** What the screens benchmark and its load generator tell each other. */

/** The kinds of channel whose values are timed apart: each has its own cadence. */
export const KINDS = ['ticker', 'depth', 'trades'] as const;
export type Kind = (typeof KINDS)[number];

export const kindOf = (channel: string): Kind =>
  channel.startsWith('ticker:') ? 'ticker' : channel.startsWith('depth:') ? 'depth' : 'trades';

export type ToScreens = {
  type: 'published';
  /** The last seq published on each channel: what every holder must end up with. */
  final: Record<string, number>;
};

export type FromScreens =
  | { type: 'ready'; subscribed: number; failed: number; connectMs: number }
  | {
      type: 'result';
      open: number;
      /** WebSocket messages carrying data (a data frame or a batch), and the channel values in them. */
      frames: number;
      values: number;
      /** Trade messages received (each carries one trade). */
      trades: number;
      /** Channels (per client) that ended on their final seq, of those held. */
      latestHeld: number;
      latestOwed: number;
      /** Receive time − publish time of each value, by kind, as [ms, count]. */
      staleness: Record<Kind, [number, number][]>;
      lastReceivedAt: number;
      cpuMs: number;
      wallMs: number;
    };
