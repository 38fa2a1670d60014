import { z } from 'zod';
import { CANDLE_INTERVALS } from './market-constants.ts';

/**
 * The one WebSocket (`/ws`): JSON frames. The client subscribes to channels; every message of a
 * channel carries that channel's sequence number, assigned where the data is made, so every API
 * instance sends the same numbers. A client that sees a gap asks for a snapshot and resumes.
 *
 * Channels: `tickers` (all tickers), `ticker:<SYMBOL>`, `kline:<SYMBOL>:<interval>`,
 * `trades:<SYMBOL>`, `depth:<SYMBOL>`, and after `auth` the private `user` channel.
 */
export const SOCKET_LIMITS = {
  /** Channels one connection may hold at once. */
  maxChannels: 100,
  /** Frames a client may send per second before it is closed. */
  maxFramesPerSecond: 20,
  /** Largest frame accepted from a client, in bytes. */
  maxFrameBytes: 4096,
  /** The server pings this often; a client that has not answered by the next ping is dropped. */
  heartbeatMs: 20_000,
} as const;

const channelName = z.string().max(64);

export const clientFrame = z.discriminatedUnion('op', [
  z.object({ op: z.literal('subscribe'), channels: z.array(channelName).min(1).max(SOCKET_LIMITS.maxChannels) }),
  z.object({ op: z.literal('unsubscribe'), channels: z.array(channelName).min(1).max(SOCKET_LIMITS.maxChannels) }),
  z.object({ op: z.literal('snapshot'), channel: channelName }),
  z.object({ op: z.literal('auth'), token: z.string().max(512) }),
  z.object({ op: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

export type ServerFrame =
  | { type: 'data'; channel: string; seq: number; data: unknown }
  | { type: 'snapshot'; channel: string; seq: number; data: unknown }
  | { type: 'subscribed'; channels: string[] }
  | { type: 'unsubscribed'; channels: string[] }
  | { type: 'authed'; userId: string }
  | { type: 'error'; error: string; msg: string; channel?: string }
  | { type: 'pong' };

const SYMBOL = '[A-Z0-9]{1,12}(?:[/-][A-Z0-9]{1,12})?';
export const CHANNEL_PATTERN = new RegExp(
  `^(tickers|user|ticker:${SYMBOL}|trades:${SYMBOL}|depth:${SYMBOL}|kline:${SYMBOL}:(${CANDLE_INTERVALS.join('|')}))$`,
);
