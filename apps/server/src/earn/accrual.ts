import { dayIso, treasuryShard, utcDay } from '@otc/core';
import { EARN_ASSET } from '@otc/protocol/earn/constants';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../db/db.ts';
import { Params } from '../db/params.ts';
import { noticesFrom } from '../notifications/index.ts';
import { accountIds, lockAccountIds, postSet } from '../postings/index.ts';

/** Subscriptions one transaction pays (the job's run; the bench passes its own). */
export const ACCRUAL_BATCH = 20_000;

/**
 * Batches `accrueAll` runs at once, each its own transaction on its own connection, each paying from
 * its own treasury shard (decision 0149): two, one per core of the machine the bar is measured on.
 */
export const ACCRUAL_CONCURRENCY = 2;

export interface AccrualResult {
  /** Subscriptions paid at least one day. */
  paid: number;
  /** Subscriptions whose cycle ended: principal back. */
  matured: number;
  /** Whether the batch was full: more may be owed (the next run goes on from the last id). */
  more: boolean;
  /** The last subscription id looked at. */
  lastId: string | null;
}

/**
 * The daily accrual (issue 26), set-based: one batch of subscriptions owed a day's yield, in id
 * order after `after`, paid in a fixed number of statements whatever its size (docs/decisions/0120-earn.md):
 * 1. the owed subscriptions are locked (in id order; a redemption holding one is waited for);
 * 2. their owners' funding accounts and the treasuries are locked in id order, every writer's order
 *    (the treasury here is the realm's shard `shard`, decision 0149: batches running at once each take
 *    their own, so they do not queue on one row; 0, the treasury itself, by default);
 * 3. ONE statement advances each subscription to the last day over (`paid_through`, `paid_total`
 *    grown by its fixed daily yield times the days) and posts that yield from each realm's treasury
 *    to the owners (`postSet`). A day is paid once because the subscription is locked (step 1) and
 *    only a subscription behind the day is taken: a second run, or another instance, waits on the
 *    lock and then finds it paid (decision 0149; no row per subscription and day any more);
 * 4. ONE statement gives back the principal of those whose last day is now paid, ends them and
 *    writes each owner's notice.
 * A day is owed once it is over (00:00 UTC after it). Runs inside the caller's transaction.
 */
export async function accrueBatch(
  q: Queryable,
  nowMs: number,
  opts: {
    after?: string;
    limit?: number;
    only?: string;
    /** The treasury shard paying (decision 0149); 0, the treasury itself, by default. */
    shard?: number;
    /**
     * Told as soon as the batch's subscriptions are locked, before they are paid: the id the next
     * batch may start after and whether there may be more (`accrueAll` starts the next batch then).
     */
    claimed?: (lastId: string, more: boolean) => void;
  } = {},
): Promise<AccrualResult> {
  const limit = opts.limit ?? ACCRUAL_BATCH;
  // The last whole day: yesterday (UTC).
  const through = dayIso(utcDay(nowMs) - 1);
  const due = await q.query<{ id: string; account_id: string; realm: Realm; ends: boolean }>(
    // Ordered by the column, not the text the row answers with ('10' sorts before '9'). `ends`: its
    // last day is over, so this batch pays it through its last day and gives its principal back.
    `SELECT s.id::text AS id, s.account_id::text AS account_id, s.realm, s.last_day <= $2::date AS ends
     FROM earn_subscriptions s
     WHERE s.status = 'active' AND s.id > $1 AND ($4::bigint IS NULL OR s.id = $4)
       AND (s.paid_through < LEAST(s.last_day, $2::date) OR s.paid_through = s.last_day)
     ORDER BY s.id LIMIT $3 FOR UPDATE`,
    [opts.after ?? '0', through, limit, opts.only ?? null],
  );
  if (due.length === 0) return { paid: 0, matured: 0, more: false, lastId: null };
  const lastId = due[due.length - 1]?.id ?? null;
  if (lastId) opts.claimed?.(lastId, due.length === limit);
  // The statements group a batch's rows by subscription and by account: in memory, not spilled to
  // disk at the default 4 MB (a batch of 50,000 spilled in five passes). For this transaction only.
  await q.query(`SELECT set_config('work_mem', '128MB', true)`);
  const ids = due.map((d) => d.id);
  const realms = [...new Set(due.map((d) => d.realm))];
  const treasuries = await accountIds(
    q,
    realms.map((realm) => ({ realm, account: treasuryShard(opts.shard ?? 0), asset: EARN_ASSET })),
  );
  await lockAccountIds(q, [...new Set([...due.map((d) => d.account_id), ...treasuries])]);
  const paid = await payDays(q, ids, through, realms, treasuries);
  // Step 4 only for those whose last day is over (most batches have none: no statement).
  const ending = due.filter((d) => d.ends).map((d) => d.id);
  const matured = ending.length > 0 ? await mature(q, ending, nowMs) : 0;
  return { paid, matured, more: due.length === limit, lastId };
}

/** Step 3: the subscriptions advanced through the days over and their yield posted, in one statement. */
async function payDays(
  q: Queryable,
  ids: string[],
  through: string,
  realms: Realm[],
  treasuries: string[],
): Promise<number> {
  const sql = new Params();
  const idList = sql.p(ids);
  const last = sql.p(through);
  const written = await postSet(q, {
    kind: 'earn.yield',
    reference: through,
    params: sql,
    ctes: [
      [
        'treasury',
        `SELECT * FROM unnest(${sql.p(realms)}::text[], ${sql.p(treasuries)}::bigint[]) AS t (realm, id)`,
      ],
      [
        'due',
        `SELECT s.id, s.realm, s.account_id, s.asset,
                s.daily_yield * (LEAST(s.last_day, ${last}::date) - s.paid_through) AS amount
         FROM earn_subscriptions s
         WHERE s.id = ANY(${idList}::bigint[]) AND s.status = 'active' AND s.paid_through < LEAST(s.last_day, ${last}::date)`,
      ],
      [
        'advanced',
        `UPDATE earn_subscriptions s SET paid_through = LEAST(s.last_day, ${last}::date), paid_total = s.paid_total + d.amount
         FROM due d WHERE s.id = d.id`,
      ],
      [
        'moves',
        `SELECT d.realm, t.id AS from_id, 'available' AS from_field, d.account_id AS to_id,
                'available' AS to_field, d.asset, d.amount
         FROM due d JOIN treasury t ON t.realm = d.realm`,
      ],
    ],
  });
  return written.reduce((n, w) => n + w.moves, 0);
}

/**
 * Step 4: the subscriptions whose last day is paid get their principal back, end, and their owners
 * are told (the principal, the cycle's yield), in one statement.
 */
async function mature(q: Queryable, ids: string[], nowMs: number): Promise<number> {
  const sql = new Params();
  const written = await postSet(q, {
    kind: 'earn.mature',
    reference: null,
    params: sql,
    ctes: [
      [
        'ending',
        `SELECT s.id, s.realm, s.user_id, s.account_id, s.asset, s.principal, s.paid_total, p.name
         FROM earn_subscriptions s JOIN earn_products p ON p.id = s.product_id
         WHERE s.id = ANY(${sql.p(ids)}::bigint[]) AND s.status = 'active' AND s.paid_through = s.last_day`,
      ],
      // The owner is told in this same statement: a million maturing at once are one INSERT, not a
      // million round trips (decision 0120). Written once: a subscription ends once.
      [
        'told',
        noticesFrom(sql, {
          kind: 'earn.matured',
          from: 'ending',
          userId: 'user_id',
          params: {
            name: 'name',
            amount: 'trim_scale(principal)',
            earned: 'trim_scale(paid_total)',
            asset: 'asset',
          },
          link: '/pages/earn/escrowOrders',
        }),
      ],
      [
        'ended',
        `UPDATE earn_subscriptions s
         SET status = 'ended', end_reason = 'matured', ended_at = ${sql.p(new Date(nowMs).toISOString())}::timestamptz,
             end_journal_id = h.id
         FROM ending e JOIN heads h ON h.realm = e.realm WHERE s.id = e.id`,
      ],
      [
        'moves',
        `SELECT realm, account_id AS from_id, 'frozen' AS from_field, account_id AS to_id,
                'available' AS to_field, asset, principal AS amount
         FROM ending`,
      ],
    ],
  });
  return written.reduce((n, w) => n + w.moves, 0);
}

/**
 * Every batch owed at `nowMs`, each in its own transaction (so the locks of one batch are let go
 * before the next takes its own, in id order): the bench, and a process catching up. `concurrency`
 * batches run at once (decision 0149), each on its own connection and paying from its own treasury
 * shard (1 to `concurrency`): they walk the ids in turn, a batch starting as soon as the one before
 * it has locked its subscriptions (a disjoint range of ids, so no batch waits on another's rows but
 * a shared owner's account, locked in id order as every writer does).
 */
export async function accrueAll(
  db: { tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> },
  nowMs: number,
  limit = ACCRUAL_BATCH,
  concurrency = ACCRUAL_CONCURRENCY,
): Promise<{ paid: number; matured: number; batches: number }> {
  const total = { paid: 0, matured: 0, batches: 0 };
  // The walk: each batch awaits the id the batch before it claimed up to (null: the walk is over).
  let turn: Promise<string | null> = Promise.resolve('0');
  let stopped = false;
  const worker = async (shard: number): Promise<void> => {
    for (;;) {
      const mine = turn;
      let pass: (after: string | null) => void = () => {};
      turn = new Promise((resolve) => {
        pass = resolve;
      });
      const after = await mine;
      if (after === null || stopped) {
        pass(null);
        return;
      }
      try {
        const r = await db.tx((q) =>
          accrueBatch(q, nowMs, {
            after,
            limit,
            shard,
            claimed: (lastId, more) => pass(more ? lastId : null),
          }),
        );
        pass(null); // nothing owed (no claim): the walk is over; after a claim, a no-op
        total.paid += r.paid;
        total.matured += r.matured;
        if (r.lastId) total.batches += 1;
      } catch (error) {
        stopped = true;
        pass(null);
        throw error;
      }
    }
  };
  // Every batch under way ends (commits or rolls back) before this answers; the first failure is thrown.
  const ends = await Promise.allSettled(
    Array.from({ length: Math.max(1, concurrency) }, (_, i) => worker(i + 1)),
  );
  const failed = ends.find((e) => e.status === 'rejected');
  if (failed) throw failed.reason;
  return total;
}
