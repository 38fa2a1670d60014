import type { Queryable } from '../db/db.ts';
import { PRODUCT_COLUMNS, type ProductRow, SUBSCRIPTION_COLUMNS, type SubscriptionRow } from './rows.ts';

export const products = (q: Queryable, opts: { open?: boolean; kind?: string | undefined } = {}) =>
  q.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM earn_products p
     WHERE ($1::boolean IS NULL OR (p.status = 'open') = $1) AND ($2::text IS NULL OR p.kind = $2)
     ORDER BY p.sort, p.id`,
    [opts.open ?? null, opts.kind ?? null],
  );

export async function product(q: Queryable, id: string): Promise<ProductRow | undefined> {
  const [row] = await q.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM earn_products p WHERE p.id = $1`, [
    id,
  ]);
  return row;
}

/** One subscription of its owner's (another user's id reads as none), for the caller's transaction to change. */
export async function lockSubscription(
  q: Queryable,
  userId: string,
  id: string,
): Promise<
  | {
      id: string;
      realm: 'live' | 'demo';
      status: 'active' | 'ended';
      principal: string;
      penalty_rate: string;
      paid_total: string;
      asset: string;
    }
  | undefined
> {
  const [row] = await q.query<{
    id: string;
    realm: 'live' | 'demo';
    status: 'active' | 'ended';
    principal: string;
    penalty_rate: string;
    paid_total: string;
    asset: string;
  }>(
    `SELECT id::text AS id, realm, status, principal::text AS principal, penalty_rate::text AS penalty_rate,
            paid_total::text AS paid_total, asset
     FROM earn_subscriptions WHERE id = $1 AND user_id = $2 FOR UPDATE`,
    [id, userId],
  );
  return row;
}

export async function subscription(
  q: Queryable,
  id: string,
  today: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await q.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM earn_subscriptions s JOIN earn_products p ON p.id = s.product_id WHERE s.id = $1`,
    [id, today],
  );
  return row;
}

export interface NewSubscription {
  userId: string;
  realm: 'live' | 'demo';
  productId: string;
  asset: string;
  accountId: string;
  principal: string;
  dailyRate: string;
  dailyYield: string;
  cycleDays: number;
  penaltyRate: string;
  subscribedAt: string;
  firstDay: string;
  lastDay: string;
  paidThrough: string;
  journalId: string;
}

export async function insertSubscription(q: Queryable, s: NewSubscription): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO earn_subscriptions (user_id, realm, product_id, asset, account_id, principal, daily_rate, daily_yield,
       cycle_days, penalty_rate, subscribed_at, first_day, last_day, paid_through, subscribe_journal_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::timestamptz, $12::date, $13::date, $14::date, $15)
     RETURNING id::text AS id`,
    [
      s.userId,
      s.realm,
      s.productId,
      s.asset,
      s.accountId,
      s.principal,
      s.dailyRate,
      s.dailyYield,
      s.cycleDays,
      s.penaltyRate,
      s.subscribedAt,
      s.firstDay,
      s.lastDay,
      s.paidThrough,
      s.journalId,
    ],
  );
  return (row as { id: string }).id;
}

export async function endRedeemed(
  q: Queryable,
  id: string,
  penalty: string,
  at: string,
  journalId: string,
): Promise<void> {
  await q.query(
    `UPDATE earn_subscriptions SET status = 'ended', end_reason = 'redeemed', penalty = $2, ended_at = $3::timestamptz,
       end_journal_id = $4
     WHERE id = $1`,
    [id, penalty, at, journalId],
  );
}
