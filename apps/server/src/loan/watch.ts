import {
  formatUnits,
  ltvReached,
  mulUnits,
  overdueLiquidates,
  owedNow,
  parseUnits,
  priceAtLtv,
  roundUnits,
  type Units,
} from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { indexPrices } from '../market/index.ts';
import { notify } from '../notifications/index.ts';
import { announceLoan, LOANS_LINK } from './announce.ts';
import { liquidate } from './money.ts';
import * as queries from './queries.ts';
import { type LoanRow, termsOf, toLoan } from './rows.ts';
import { dueText } from './texts.ts';

/** What the watch does to one active loan at a moment and price. */
export type WatchAction = 'liquidate_overdue' | 'liquidate_ltv' | 'margin_call' | 'margin_clear' | 'overdue';

/**
 * What an active loan needs at `nowMs` and its collateral's `price`, most urgent first: 3 full days
 * overdue or the liquidation LTV reached sells the collateral; else crossing the margin-call LTV
 * notifies once (falling back below clears it, so the next crossing notifies again); else the first
 * look past due notifies that it is overdue.
 */
export function actionsFor(row: LoanRow, nowMs: number, price: Units): WatchAction[] {
  const terms = termsOf(row);
  if (overdueLiquidates(terms.dueMs, nowMs)) return ['liquidate_overdue'];
  const owed = owedNow(terms, nowMs);
  const collateral = parseUnits(row.collateral_amount);
  if (ltvReached(owed, collateral, price, parseUnits(row.liquidation_ltv))) return ['liquidate_ltv'];
  const actions: WatchAction[] = [];
  const called = ltvReached(owed, collateral, price, parseUnits(row.margin_call_ltv));
  if (called && row.margin_called_at === null) actions.push('margin_call');
  if (!called && row.margin_called_at !== null) actions.push('margin_clear');
  if (nowMs > terms.dueMs && row.overdue_noticed_at === null) actions.push('overdue');
  return actions;
}

/** The active loans that need something at `nowMs`, by id (a read: each is acted on in its own transaction). */
export async function dueLoans(q: Queryable, nowMs: number): Promise<string[]> {
  const prices = await indexPrices(q);
  const ids: string[] = [];
  for (const row of await queries.activeLoans(q)) {
    const price = prices.get(row.collateral_asset)?.price;
    if (price !== undefined && actionsFor(row, nowMs, price).length > 0) ids.push(row.id);
  }
  return ids;
}

/**
 * Acts on one loan in its own transaction with its row locked, looking again under the lock: a
 * repayment or another watcher that got there first leaves nothing to do (exactly one wins).
 * Announces after the commit. Returns what was done.
 */
export async function watchLoan(ctx: AppContext, id: string, nowMs: number): Promise<WatchAction[]> {
  const done = await ctx.db.tx(async (q) => {
    const row = await queries.loan(q, id, { lock: true });
    if (row?.status !== 'active') return undefined;
    const price = (await indexPrices(q)).get(row.collateral_asset)?.price;
    if (price === undefined) return undefined;
    const actions = actionsFor(row, nowMs, price);
    const at = new Date(nowMs).toISOString();
    for (const action of actions) await act(q, row, action, nowMs, price, at);
    return { actions, userId: row.user_id, realm: row.realm as Realm };
  });
  if (!done || done.actions.length === 0) return [];
  const after = await queries.loan(ctx.db, id);
  if (after) {
    const price = (await indexPrices(ctx.db)).get(after.collateral_asset)?.price;
    const noticed = done.actions.some((a) => a !== 'margin_clear');
    await announceLoan(ctx, done.userId, done.realm, toLoan(after, nowMs, price), noticed);
  }
  return done.actions;
}

const percent = (ratio: Units) => `${formatUnits(roundUnits(mulUnits(ratio, 100n * 10n ** 18n), 2, 'up'))}%`;

async function act(q: Queryable, row: LoanRow, action: WatchAction, nowMs: number, price: Units, at: string) {
  const link = LOANS_LINK;
  if (action === 'liquidate_overdue' || action === 'liquidate_ltv') {
    const l = await liquidate(q, row, price, nowMs, action === 'liquidate_ltv' ? 'ltv' : 'overdue');
    await notify(q, row.user_id, {
      kind: 'loan.liquidated',
      params: {
        cause: l.reason,
        sold: l.sold,
        collateralAsset: row.collateral_asset,
        price: l.price,
        released: l.released,
        shortfall: l.shortfall,
        asset: row.asset,
      },
      link,
    });
    return;
  }
  if (action === 'margin_clear') return queries.setMarginCalled(q, row.id, null);
  const terms = termsOf(row);
  const owed = owedNow(terms, nowMs);
  if (action === 'margin_call') {
    await queries.setMarginCalled(q, row.id, at);
    const collateral = parseUnits(row.collateral_amount);
    const ltv = (owed * 10n ** 36n) / (collateral * price);
    await notify(q, row.user_id, {
      kind: 'loan.margin_call',
      params: {
        ltv: percent(ltv),
        marginCallLtv: percent(parseUnits(row.margin_call_ltv)),
        liquidationPrice: formatUnits(priceAtLtv(owed, collateral, parseUnits(row.liquidation_ltv))),
        collateralAsset: row.collateral_asset,
      },
      link,
    });
    return;
  }
  await queries.setOverdueNoticed(q, row.id, at);
  await notify(q, row.user_id, {
    kind: 'loan.overdue',
    params: { amountDue: formatUnits(owed), asset: row.asset, dueAt: dueText(terms.dueMs) },
    link,
  });
}

/** One look at every active loan (the job's work, and the tests' concurrent watchers). */
export async function watchLoans(ctx: AppContext, nowMs: number): Promise<number> {
  let acted = 0;
  for (const id of await dueLoans(ctx.db, nowMs)) {
    try {
      if ((await watchLoan(ctx, id, nowMs)).length > 0) acted++;
    } catch (err) {
      // One loan's failure (its user's balance locked elsewhere too long) must not stop the others:
      // the next run looks again.
      ctx.log.error({ err, loan: id }, 'loan watch failed on a loan');
    }
  }
  return acted;
}
