import type { Queryable } from '../db/db.ts';

/**
 * Spot's part of the ledger check: every order names a user and an instrument that exist
 * (`spot_orders` carries no foreign keys, migration 009). Returns what is wrong.
 */
export async function checkSpotOrders(q: Queryable): Promise<string[]> {
  const orphans = await q.query<{ id: string }>(
    `SELECT o.id::text AS id FROM spot_orders o
     WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id)
        OR NOT EXISTS (SELECT 1 FROM instruments i WHERE i.symbol = o.symbol)`,
  );
  return orphans.map((r) => `spot order ${r.id} names a row that does not exist`);
}
