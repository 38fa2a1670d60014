import type { Queryable } from '../db/db.ts';
import type { FrozenHolders } from '../platform/area.ts';
import { ASSET } from './legs.ts';

/**
 * What positions hold frozen on their owners' contract USDT: each open position's margin and each
 * live order's reserve (the ledger's frozen-holders check sums them with the other areas' holders).
 */
export const positionsFrozen: FrozenHolders = {
  area: 'positions',
  sql: `SELECT realm, user_id::text AS owner, 'contract' AS kind, '${ASSET}' AS asset, margin AS amount,
          'position ' || id AS holder
        FROM positions WHERE status = 'open' AND margin <> 0
        UNION ALL
        SELECT realm, user_id::text, 'contract', '${ASSET}', frozen, 'order ' || id
        FROM position_orders WHERE status IN ('new', 'open') AND frozen <> 0`,
};

/**
 * Positions' part of the ledger check: every position and order names a user and an instrument
 * that exist (no foreign keys, as spot's orders). What they freeze is checked with every other
 * holder (`positionsFrozen`). Returns what is wrong.
 */
export async function checkPositions(q: Queryable): Promise<string[]> {
  const orphans = await q.query<{ what: string; id: string }>(
    `SELECT 'position' AS what, p.id::text AS id FROM positions p
     WHERE NOT EXISTS (SELECT 1 FROM user_directory u WHERE u.id = p.user_id)
        OR NOT EXISTS (SELECT 1 FROM instrument_catalogue i WHERE i.symbol = p.symbol)
     UNION ALL
     SELECT 'position order', o.id::text FROM position_orders o
     WHERE NOT EXISTS (SELECT 1 FROM user_directory u WHERE u.id = o.user_id)
        OR NOT EXISTS (SELECT 1 FROM instrument_catalogue i WHERE i.symbol = o.symbol)`,
  );
  return orphans.map((r) => `${r.what} ${r.id} names a row that does not exist`);
}
