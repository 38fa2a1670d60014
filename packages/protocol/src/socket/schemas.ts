import { z } from 'zod';
import { bankDeposit } from '../funding/bank-schemas.ts';
import { depositRecord } from '../funding/deposit-schemas.ts';
import { withdrawal } from '../funding/withdrawals-schemas.ts';
import { amountText, userAccountKind } from '../ledger/schemas.ts';
import { position, positionOrder } from '../positions/schemas.ts';
import { secondsOrder } from '../seconds/schemas.ts';
import { spotOrder } from '../spot/schemas.ts';
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
 * What the private `user` channel carries: the caller's orders as they change, their balances
 * after every movement, their positions, withdrawals and deposits as they move, and their unread notifications' count. Its sequence numbers count per connection (only that connection reads it);
 * after a reconnect the client reloads orders and balances over HTTP.
 */
export const userEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('order'), order: spotOrder }),
  z.object({
    kind: z.literal('balance'),
    account: userAccountKind,
    asset: z.string(),
    available: amountText,
    frozen: amountText,
  }),
  // The caller's unread notifications after one was written or read (the texts are read over
  // HTTP, in the reader's language; `latestId` is the newest notification's, null when none).
  z.object({ kind: z.literal('notice'), unread: z.number().int(), latestId: z.string().nullable() }),
  // Leveraged positions (issue 16): a position opened, changed or closed, and a position order's new state.
  z.object({ kind: z.literal('position'), position }),
  z.object({ kind: z.literal('positionOrder'), order: positionOrder }),
  // A seconds contract as it changes: bought (its buy tick), settled (its settlement tick and result).
  z.object({ kind: z.literal('seconds'), order: secondsOrder }),
  // A withdrawal after each status move (issue 23): requested, approved, rejected, waiting for
  // funds, sent, completed, failed; the records follow it without a reload.
  z.object({ kind: z.literal('withdrawal'), withdrawal }),
  // A chain deposit after each move (issue 23): seen (pending, or below the minimum), each new
  // confirmation count, credited, dropped by a reorg; as the deposit records call answers it.
  z.object({ kind: z.literal('deposit'), deposit: depositRecord }),
  // A bank deposit after each move (issue 23): submitted (pending), approved, rejected. A kind of its
  // own: its record is another shape (reference, reason, no chain) and another list on the web.
  z.object({ kind: z.literal('bankDeposit'), deposit: bankDeposit }),
]);
export type UserEvent = z.infer<typeof userEvent>;
