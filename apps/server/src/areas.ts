import { activityModule } from './activity/index.ts';
import { adminModule } from './admin/index.ts';
import { alertsModule } from './alerts/index.ts';
import { authModule } from './auth/index.ts';
import { cashierModule } from './cashier/index.ts';
import { chatModule } from './chat/index.ts';
import { commonModule } from './common/index.ts';
import type { AppContext } from './context.ts';
import type { Queryable } from './db/db.ts';
import { earnModule } from './earn/index.ts';
import { exchangeModule } from './exchange/index.ts';
import { jurisdictionModule } from './jurisdiction/index.ts';
import { kycModule } from './kyc/index.ts';
import { frozenHoldersCheck, ledgerModule } from './ledger/index.ts';
import { loanModule } from './loan/index.ts';
import { marketModule } from './market/index.ts';
import { newsModule } from './news/index.ts';
import { nftModule } from './nft/index.ts';
import { notificationsModule } from './notifications/index.ts';
import type { Area, AreaModule, FrozenHolders, LedgerCheck, Need } from './platform/area.ts';
import type { TreasuryOwed } from './platform/treasury.ts';
import { positionRiskModule, positionsModule } from './positions/index.ts';
import { proofModule } from './proof/index.ts';
import { referralModule } from './referral/index.ts';
import { secondsModule } from './seconds/index.ts';
import { spotModule } from './spot/index.ts';
import { uploadsModule } from './uploads/index.ts';
import { usersModule } from './users/index.ts';
import { vipModule } from './vip/index.ts';

/**
 * The one list of the platform's areas. `app.ts` seeds, starts and routes them in this order;
 * `main.ts` starts their background work; the ledger check runs the checks they declare. Each area
 * names what it builds on itself (its module's `build`). To add an area: create its folders
 * (docs/ARCHITECTURE.md, "Adding an area") and add it here. To switch one off, take it out: the seed's
 * calls it took over answer "not available yet" again.
 */
export const AREAS: readonly AreaModule[] = [
  usersModule,
  authModule,
  adminModule,
  ledgerModule,
  exchangeModule,
  proofModule,
  commonModule,
  uploadsModule,
  notificationsModule,
  kycModule,
  jurisdictionModule,
  cashierModule,
  marketModule,
  vipModule,
  spotModule,
  positionsModule,
  // Triggers, liquidations, funding and the back office, beside the engines (after them: it starts once they do).
  positionRiskModule,
  secondsModule,
  earnModule,
  nftModule,
  loanModule,
  chatModule,
  activityModule,
  newsModule,
  referralModule,
  alertsModule,
];

/**
 * Builds every area of a list (`AREAS`; the new-area test passes one with its fixture), each once,
 * and hands the app the ones it reaches into.
 */
export function createAreas(ctx: AppContext, list: readonly AreaModule[] = AREAS) {
  const built = new Map<AreaModule, Area>();
  const building = new Set<AreaModule>();
  const need: Need = (module) => {
    const done = built.get(module);
    if (done) return done as ReturnType<typeof module.build>;
    if (!list.includes(module))
      throw new Error('an area builds on an area that is not in the list (areas.ts)');
    if (building.has(module)) throw new Error('two areas build on each other');
    building.add(module);
    const area = module.build(ctx, need);
    building.delete(module);
    built.set(module, area);
    return area;
  };
  return {
    all: list.map(need),
    admin: need(adminModule),
    market: need(marketModule),
    vip: need(vipModule),
    spot: need(spotModule),
    positions: need(positionsModule),
  };
}

/**
 * The ledger check of a list's areas: each one's own queries (the ledger's invariants first), then
 * who holds each frozen amount, summed over every area's holders per account.
 */
export function ledgerCheckOf(list: readonly AreaModule[]): LedgerCheck {
  const holders: readonly FrozenHolders[] = list.flatMap((a) => (a.frozenHolders ? [a.frozenHolders] : []));
  const checks: readonly LedgerCheck[] = [
    ...list.flatMap((a) => (a.ledgerCheck ? [a.ledgerCheck] : [])),
    frozenHoldersCheck(holders),
  ];
  return async (q) => {
    const problems: string[] = [];
    for (const check of checks) problems.push(...(await check(q)));
    return problems;
  };
}

/**
 * The ledger's invariants and every area's checks of its own rows: what is wrong, nothing when
 * whole (after every integration suite, `npm run ledger:check`, the back office).
 */
export const checkLedger: (q: Queryable) => Promise<string[]> = ledgerCheckOf(AREAS);

/**
 * What a list's areas have promised to pay from a realm's treasury in a window: every area's
 * `treasuryOwed`, one after the other, their rows together (the ledger's treasury-exposure page).
 */
export function treasuryOwedOf(list: readonly AreaModule[]): TreasuryOwed {
  const owed: readonly TreasuryOwed[] = list.flatMap((a) => (a.treasuryOwed ? [a.treasuryOwed] : []));
  return async (q, window) => {
    const rows = [];
    for (const area of owed) rows.push(...(await area(q, window)));
    return rows;
  };
}

/** Every listed area's promises on the treasury (decision 0126). */
export const treasuryOwed: TreasuryOwed = treasuryOwedOf(AREAS);
