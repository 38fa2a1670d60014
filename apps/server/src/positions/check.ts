import type { Queryable } from '../db/db.ts';

/**
 * Positions' part of the ledger check: what is frozen in each contract USDT balance must be exactly
 * the open positions' margins plus the open orders' reserves of that user and realm (nothing else
 * freezes contract funds); and every position and order names a user and an instrument that exist
 * (no foreign keys, as spot's orders). Returns what is wrong.
 */
export async function checkPositions(q: Queryable): Promise<string[]> {
  const frozen = await q.query<{ realm: string; owner: string; frozen: string; held: string }>(
    `WITH held AS (
       SELECT realm, user_id::text AS owner, sum(margin) AS amount FROM positions WHERE status = 'open' GROUP BY 1, 2
       UNION ALL
       SELECT realm, user_id::text, sum(frozen) FROM position_orders WHERE status IN ('new', 'open') GROUP BY 1, 2),
     per_user AS (SELECT realm, owner, sum(amount) AS amount FROM held GROUP BY 1, 2),
     accounts AS (SELECT realm, owner, frozen FROM ledger_accounts
       WHERE owner_type = 'user' AND kind = 'contract' AND asset = 'USDT')
     SELECT coalesce(a.realm, h.realm) AS realm, coalesce(a.owner, h.owner) AS owner,
            coalesce(a.frozen, 0)::text AS frozen, coalesce(h.amount, 0)::text AS held
     FROM accounts a FULL JOIN per_user h ON h.realm = a.realm AND h.owner = a.owner
     WHERE coalesce(a.frozen, 0) <> coalesce(h.amount, 0)`,
  );
  const orphans = await q.query<{ what: string; id: string }>(
    `SELECT 'position' AS what, p.id::text AS id FROM positions p
     WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id)
        OR NOT EXISTS (SELECT 1 FROM instruments i WHERE i.symbol = p.symbol)
     UNION ALL
     SELECT 'position order', o.id::text FROM position_orders o
     WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id)
        OR NOT EXISTS (SELECT 1 FROM instruments i WHERE i.symbol = o.symbol)`,
  );
  return [
    ...frozen.map(
      (r) =>
        `contract USDT of user ${r.owner} (${r.realm}) has ${r.frozen} frozen, but its positions and orders hold ${r.held}`,
    ),
    ...orphans.map((r) => `${r.what} ${r.id} names a row that does not exist`),
  ];
}
