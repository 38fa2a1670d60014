import { canonicalDecimal } from '@otc/core';
import type { Queryable } from '../db/db.ts';
import type { FrozenHolders, LedgerCheck } from '../platform/area.ts';

/** Holders named in one message at most (an account with thousands of open orders stays readable). */
const NAMED = 5;

/**
 * The ledger check that every frozen amount in a user's account, of any kind, is exactly what its
 * holders hold: the sum of every area's holders (`FrozenHolders`) of that account. A holder whose
 * account holds less, or a frozen amount no holder names, is a problem; the message names the
 * holders. It replaces checks that each assumed one area owned a whole account, which raised a false
 * alarm as soon as two areas froze in the same one (a seconds stake beside a position's margin).
 */
export function frozenHoldersCheck(holders: readonly FrozenHolders[]): LedgerCheck {
  const union = holders
    .map(
      (h, n) =>
        `SELECT realm, owner, kind, asset, amount, $${n + 1}::text || ' ' || holder AS holder FROM (${h.sql}) h${n}`,
    )
    .join('\nUNION ALL\n');
  const sql = `WITH holders AS (${union}),
     held AS (
       SELECT realm, owner, kind, asset, sum(amount) AS amount, count(*) AS n,
              (array_agg(holder || ' ' || amount::text ORDER BY holder))[1:${NAMED}] AS named
       FROM holders GROUP BY 1, 2, 3, 4),
     accounts AS (SELECT realm, owner, kind, asset, frozen FROM ledger_accounts WHERE owner_type = 'user' AND frozen <> 0)
     SELECT coalesce(a.realm, h.realm) AS realm, coalesce(a.owner, h.owner) AS owner,
            coalesce(a.kind, h.kind) AS kind, coalesce(a.asset, h.asset) AS asset,
            coalesce(a.frozen, 0)::text AS frozen, coalesce(h.amount, 0)::text AS held,
            coalesce(h.n, 0)::int AS n, coalesce(h.named, '{}') AS named
     FROM accounts a FULL JOIN held h
       ON h.realm = a.realm AND h.owner = a.owner AND h.kind = a.kind AND h.asset = a.asset
     WHERE coalesce(a.frozen, 0) <> coalesce(h.amount, 0)
     ORDER BY 1, 2, 3, 4`;
  return async (q: Queryable) => {
    const rows = await q.query<{
      realm: string;
      owner: string;
      kind: string;
      asset: string;
      frozen: string;
      held: string;
      n: number;
      named: string[];
    }>(
      sql,
      holders.map((h) => h.area),
    );
    return rows.map((r) => {
      const named = r.named.map((x) => x.replace(/ (\S+)$/, (_, a: string) => `: ${canonicalDecimal(a)}`));
      const more = r.n > named.length ? ` and ${r.n - named.length} more` : '';
      return `${r.kind} ${r.asset} of user ${r.owner} (${r.realm}) has ${canonicalDecimal(r.frozen)} frozen, but its holders hold ${canonicalDecimal(r.held)}${
        r.n === 0 ? ' (no holder names it)' : ` (${named.join(', ')}${more})`
      }`;
    });
  };
}
