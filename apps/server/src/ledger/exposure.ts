import { formatUnits, parseUnits, TREASURY_EXPOSURE_DAYS, treasuryExposure, type Units } from '@otc/core';
import type { Realm, TreasuryExposure } from '@otc/protocol/ledger/schemas';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';

const DAY_MS = 86_400_000;
/** The asset every promise is made in today: shown for each realm even when nothing is owed. */
const ALWAYS_SHOWN = ['USDT'];

/**
 * The treasury's exposure (issue 26, decision 0126): for each realm, what every area has promised
 * to pay from the treasury over the next 30 days (their `treasuryOwed`, through the context)
 * against the treasury's balance, per asset, with what is left.
 */
export async function exposure(ctx: AppContext): Promise<TreasuryExposure> {
  const now = ctx.clock.date();
  const until = new Date(now.getTime() + TREASURY_EXPOSURE_DAYS * DAY_MS);
  const realms = [];
  for (const realm of ['live', 'demo'] as const)
    realms.push({
      realm,
      balances: await treasuryBalances(ctx.db, realm),
      owed: await ctx.treasuryOwed(ctx.db, { realm, now, until }),
    });
  const sources = [...new Set(realms.flatMap((r) => r.owed.map((o) => o.source)))];
  return {
    days: TREASURY_EXPOSURE_DAYS,
    asOf: now.toISOString(),
    until: until.toISOString(),
    sources,
    items: realms.flatMap(({ realm, balances, owed }) =>
      treasuryExposure(balances, owed, sources, ALWAYS_SHOWN).map((line) => ({
        realm,
        asset: line.asset,
        balance: formatUnits(line.balance),
        owed: line.owed.map((o) => ({ source: o.source, amount: formatUnits(o.amount) })),
        total: formatUnits(line.total),
        left: formatUnits(line.left),
        short: line.short,
      })),
    ),
  };
}

/**
 * A realm's treasury balances (available + frozen) per asset: the treasury and its shards summed
 * (`platform:main:treasury` and `platform:main-<n>:treasury`, decision 0149).
 */
async function treasuryBalances(q: Queryable, realm: Realm): Promise<Map<string, Units>> {
  const rows = await q.query<{ asset: string; balance: string }>(
    `SELECT asset, sum(available + frozen)::text AS balance FROM ledger_accounts
     WHERE realm = $1 AND owner_type = 'platform' AND kind = 'treasury' GROUP BY asset`,
    [realm],
  );
  return new Map(rows.map((r) => [r.asset, parseUnits(r.balance)]));
}
