import type { Queryable } from '../db/db.ts';
import type { FrozenHolders } from '../platform/area.ts';

/** What spot holds frozen: each live order's remaining reserve, on its owner's funding account. */
export const spotFrozen: FrozenHolders = {
  area: 'spot',
  sql: `SELECT realm, user_id::text AS owner, 'funding' AS kind, frozen_asset AS asset, frozen AS amount,
          'order ' || id AS holder
        FROM spot_orders WHERE status IN ('new', 'open', 'partial') AND frozen <> 0`,
};

/**
 * Spot's part of the ledger check: every order names a user and an instrument that exist
 * (`spot_orders` carries no foreign keys, migration 009). Returns what is wrong.
 */
export async function checkSpotOrders(q: Queryable): Promise<string[]> {
  const orphans = await q.query<{ id: string }>(
    `SELECT o.id::text AS id FROM spot_orders o
     WHERE NOT EXISTS (SELECT 1 FROM user_directory u WHERE u.id = o.user_id)
        OR NOT EXISTS (SELECT 1 FROM instrument_catalogue i WHERE i.symbol = o.symbol)`,
  );
  return orphans.map((r) => `spot order ${r.id} names a row that does not exist`);
}
