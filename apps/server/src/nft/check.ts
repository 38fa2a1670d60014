import type { Queryable } from '../db/db.ts';

/**
 * NFT's part of the ledger check: every unit sold was paid by an `nft.purchase` posting of its own,
 * in its realm, and each item's sold count is its units, numbered 1 to that count, within supply.
 */
export async function checkNftUnits(q: Queryable): Promise<string[]> {
  const unpaid = await q.query<{ id: string }>(
    `SELECT u.id::text AS id FROM nft_units u LEFT JOIN journal_heads j ON j.id = u.journal_id
     WHERE j.id IS NULL OR j.kind <> 'nft.purchase' OR j.realm <> u.realm
        OR j.reference <> u.item_id::text || '#' || u.serial::text`,
  );
  const miscounted = await q.query<{ id: string; realm: string }>(
    `SELECT i.id::text AS id, r.realm
     FROM nft_items i CROSS JOIN (VALUES ('live'), ('demo')) AS r (realm)
     LEFT JOIN LATERAL (
       SELECT count(*)::int AS n, coalesce(max(serial), 0) AS top FROM nft_units u
       WHERE u.item_id = i.id AND u.realm = r.realm
     ) s ON true
     WHERE s.n <> CASE r.realm WHEN 'live' THEN i.sold_live ELSE i.sold_demo END
        OR s.top <> s.n OR s.n > i.supply`,
  );
  return [
    ...unpaid.map((r) => `nft unit ${r.id} has no purchase posting of its own`),
    ...miscounted.map((r) => `nft item ${r.id} counts its ${r.realm} units wrongly`),
  ];
}
