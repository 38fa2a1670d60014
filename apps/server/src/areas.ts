import { adminArea } from './admin/index.ts';
import { authArea } from './auth/index.ts';
import { commonArea } from './common/index.ts';
import type { AppContext } from './context.ts';
import type { Queryable } from './db/db.ts';
import { exchangeArea } from './exchange/index.ts';
import { fundingArea, withdrawalsCheck, withdrawalsFrozenHolders } from './funding/index.ts';
import { kycArea } from './kyc/index.ts';
import { frozenHoldersCheck, ledgerArea, ledgerCheck as ledgerOwnCheck } from './ledger/index.ts';
import { marketArea } from './market/index.ts';
import { notificationsArea } from './notifications/index.ts';
import type { Area, FrozenHolders, LedgerCheck } from './platform/area.ts';
import { uploadsArea } from './platform/uploads/index.ts';
import {
  positionsArea,
  ledgerCheck as positionsCheck,
  frozenHolders as positionsFrozen,
} from './positions/index.ts';
import { positionRiskArea } from './positions/risk.ts';
import { proofArea } from './proof/index.ts';
import { secondsArea, ledgerCheck as secondsCheck, frozenHolders as secondsFrozen } from './seconds/index.ts';
import { spotArea, ledgerCheck as spotCheck, frozenHolders as spotFrozen } from './spot/index.ts';
import { usersArea } from './users/index.ts';
import { vipArea } from './vip/index.ts';

/**
 * The one list of the platform's areas, each wired to the areas it builds on. `app.ts` seeds,
 * starts and routes them in this order; `main.ts` starts their background work. To add an area:
 * create its folders (docs/ARCHITECTURE.md, "Adding an area") and add it here. To switch one off, take
 * it out: the seed's calls it took over answer "not available yet" again.
 */
export function createAreas(ctx: AppContext) {
  const market = marketArea(ctx);
  const vip = vipArea(ctx, market.hub);
  const spot = spotArea(ctx, market.hub, vip.fees);
  const positions = positionsArea(ctx, market.hub);
  const admin = adminArea(ctx);
  const all: Area[] = [
    usersArea(ctx),
    authArea(ctx),
    admin,
    ledgerArea(ctx),
    exchangeArea(ctx),
    proofArea(ctx),
    commonArea(ctx),
    // Platform infrastructure, wired like an area: the upload call and the reads.
    uploadsArea(ctx),
    notificationsArea(ctx),
    kycArea(ctx),
    fundingArea(ctx),
    market,
    vip,
    spot,
    positions,
    // Triggers, liquidations, funding and the back office, beside the engines (after them: it starts once they do).
    positionRiskArea(ctx, market.hub, positions),
    secondsArea(ctx, market.hub),
  ];
  return { all, admin, market, vip, spot, positions };
}

/**
 * Every area that freezes funds in users' accounts, with what holds them: the frozen-holders check
 * below sums them all per account. An area that starts freezing adds its holders here, or the
 * check flags its freezes as held by nobody.
 */
export const FROZEN_HOLDERS: readonly FrozenHolders[] = [
  spotFrozen,
  withdrawalsFrozenHolders,
  positionsFrozen,
  secondsFrozen,
];

/** Every area's own ledger-check queries (after every integration suite, `npm run ledger:check`, the back office). */
const LEDGER_CHECKS: LedgerCheck[] = [
  ledgerOwnCheck,
  frozenHoldersCheck(FROZEN_HOLDERS),
  spotCheck,
  withdrawalsCheck,
  positionsCheck,
  secondsCheck,
];

/** The ledger's invariants and every area's checks of its own rows: what is wrong, nothing when whole. */
export async function checkLedger(q: Queryable): Promise<string[]> {
  const problems: string[] = [];
  for (const check of LEDGER_CHECKS) problems.push(...(await check(q)));
  return problems;
}
