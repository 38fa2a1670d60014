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

export type ServerFrame =
  | { type: 'data'; channel: string; seq: number; data: unknown }
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
