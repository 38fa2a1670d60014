import { z } from 'zod';
import { USER_EVENTS } from '../wires.ts';
import { SOCKET_LIMITS } from './constants.ts';

/**
 * The one WebSocket (`/ws`): JSON frames. The client subscribes to channels; every message of a
 * channel carries that channel's sequence number, assigned where the data is made, so every API
 * instance sends the same numbers. A client that sees a gap asks for a snapshot and resumes.
 *
 * Channels: `tickers` (all tickers), `ticker:<SYMBOL>`, `kline:<SYMBOL>:<interval>`,
 * `trades:<SYMBOL>`, `depth:<SYMBOL>`, and after `auth` the private `user` channel.
 */

const channelName = z.string().max(64);

export const clientFrame = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('subscribe'),
    channels: z.array(channelName).min(1).max(SOCKET_LIMITS.maxChannels),
  }),
  z.object({
    op: z.literal('unsubscribe'),
    channels: z.array(channelName).min(1).max(SOCKET_LIMITS.maxChannels),
  }),
  z.object({ op: z.literal('snapshot'), channel: channelName }),
  z.object({ op: z.literal('auth'), token: z.string().max(512) }),
  z.object({ op: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

/**
 * One channel's value in a `batch` frame: the latest value of a conflated channel (decision 0157),
 * standing for its messages `from` to `seq`. Each message of these channels is the whole value (a
 * depth's top levels, a ticker, the open candle) or, for `tickers`, the tickers that changed, merged
 * by symbol; so a client holding `from - 1` or later applies it as it would the message `seq`, and
 * one holding less has a gap. A candle that closed in the window keeps an entry of its own before
 * the next one's, so a chart never misses a candle's last value.
 */
export const batchEntry = z.object({
  channel: channelName,
  from: z.number().int().positive(),
  seq: z.number().int().positive(),
  data: z.unknown(),
});
export interface BatchEntry {
  channel: string;
  from: number;
  seq: number;
  data: unknown;
}

/**
 * The conflated channels' values due at one flush of the gateway, oldest first within a channel: at
 * most one frame per connection per cadence tick (`CONFLATION`).
 */
export const batchFrame = z.object({ type: z.literal('batch'), frames: z.array(batchEntry).min(1) });

export type ServerFrame =
  | { type: 'data'; channel: string; seq: number; data: unknown }
  | { type: 'batch'; frames: BatchEntry[] }
  | { type: 'snapshot'; channel: string; seq: number; data: unknown }
  | { type: 'subscribed'; channels: string[] }
  | { type: 'unsubscribed'; channels: string[] }
  | { type: 'authed'; userId: string }
  | { type: 'error'; error: string; msg: string; channel?: string }
  | { type: 'pong' };

/**
 * What the private `user` channel carries: each area's events (its `wire.ts`, listed in
 * `wires.ts`): the caller's orders as they change, their balances after every movement, their
 * positions, withdrawals and deposits as they move, and their unread notifications' count. Its
 * sequence numbers count per connection (only that connection reads it); after a reconnect the
 * client reloads orders and balances over HTTP.
 */
export const userEvent = z.discriminatedUnion('kind', USER_EVENTS);
export type UserEvent = z.infer<typeof userEvent>;
