import { publishUserEvent } from '../bus/user-channel.ts';
import type { AppContext } from '../context.ts';
import { publishBalances } from '../ledger/index.ts';
import type { Stop } from '../platform/area.ts';
import { repeat } from '../platform/repeat.ts';
import { toOrder } from './rows.ts';
import { hasDueWork, SETTLE_BATCH, settleDue } from './settlement.ts';

/** How often the engines' process looks for contracts to buy or settle (real time: a cadence). */
export const SETTLER_EVERY_MS = 200;

/** After a settlement's commit: each contract bought or settled, and the balances it moved, to its owner. */
export function announce(ctx: AppContext, result: Awaited<ReturnType<typeof settleDue>>): void {
  const now = ctx.clock.now();
  for (const row of [...result.bought, ...result.settled])
    publishUserEvent(ctx.bus, row.user_id, { kind: 'seconds', order: toOrder(row, now) });
  publishBalances(ctx.bus, result.balances);
}

/**
 * Settles due contracts within about a second of delivery: every 200 ms in the engines' process,
 * batches of up to 5,000 until none is left. The durable job (`jobs.ts`) does the same every few
 * seconds wherever jobs run, so contracts that fell due while no process ran settle when one
 * comes back; locked rows are skipped, so the two never settle a contract twice.
 */
export function startSettler(ctx: AppContext): Stop {
  // repeat() runs one round at a time, and the stop waits for the one in flight.
  const tick = async (stopped: () => boolean) => {
    try {
      while (!stopped()) {
        // Nothing open or due (an idle platform, five times a second): no transaction.
        if (!(await hasDueWork(ctx.db, ctx.clock.date()))) break;
        const result = await ctx.db.tx((q) => settleDue(q, ctx.clock.date()));
        announce(ctx, result);
        if (result.settled.length < SETTLE_BATCH && result.bought.length < SETTLE_BATCH) break;
      }
    } catch (err) {
      ctx.log.error({ err }, 'seconds settlement failed; the job retries');
    }
  };
  return repeat(tick, SETTLER_EVERY_MS);
}
