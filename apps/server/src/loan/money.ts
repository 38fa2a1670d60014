import {
  collateralFor,
  formatUnits,
  freeze,
  type Leg,
  liquidationSplit,
  move,
  owedNow,
  parseUnits,
  platformAccount,
  settle,
  type Units,
  unfreeze,
  userAccount,
} from '@otc/core';
import { LOAN_ACCOUNT } from '@otc/protocol/loan/constants';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http/errors.ts';
import { post } from '../postings/index.ts';
import * as queries from './queries.ts';
import { dueAfter, type LoanRow, termsOf } from './rows.ts';

/**
 * The loan's postings (decision 0125), each one journal with the loan's id as its reference, in the
 * caller's transaction with the loan row locked.
 */

const account = (userId: string) => userAccount(userId, LOAN_ACCOUNT);
const treasury = platformAccount('treasury');

/**
 * Approval: the collateral for the principal at this moment's index price is frozen in the user's
 * funding account and the principal credited from the realm's treasury (`loan.disburse`). The user
 * no longer holding the collateral answers `loan_collateral_short`, nothing moved.
 */
export async function disburse(q: Queryable, row: LoanRow, price: Units, nowMs: number): Promise<void> {
  const principal = parseUnits(row.amount);
  const collateral = collateralFor(principal, parseUnits(row.initial_ltv), price);
  const held = parseUnits(await queries.available(q, row.realm, row.user_id, row.collateral_asset));
  if (held < collateral) fail('loan_collateral_short');
  const journalId = await post(q, {
    realm: row.realm,
    kind: 'loan.disburse',
    reference: row.id,
    legs: [
      ...freeze(account(row.user_id), row.collateral_asset, collateral),
      ...move(treasury, account(row.user_id), row.asset, principal),
    ],
  });
  await queries.activate(q, row.id, {
    collateral: formatUnits(collateral),
    approvedAt: new Date(nowMs).toISOString(),
    dueAt: new Date(dueAfter(nowMs, Number(row.term_days))).toISOString(),
    journalId,
  });
}

/** Repayment: `total` USDT to the treasury, the collateral unfrozen (`loan.repay`). */
export function repayLegs(row: LoanRow, total: Units): Leg[] {
  return [
    ...move(account(row.user_id), treasury, row.asset, total),
    ...unfreeze(account(row.user_id), row.collateral_asset, parseUnits(row.collateral_amount)),
  ];
}

/** A liquidation's shortfall paid later: USDT to the treasury (`loan.repay`, nothing frozen left). */
export const debtLegs = (row: LoanRow, debt: Units): Leg[] =>
  move(account(row.user_id), treasury, row.asset, debt);

/** More collateral frozen for the loan (`loan.collateral`). */
export const collateralLegs = (row: LoanRow, amount: Units): Leg[] =>
  freeze(account(row.user_id), row.collateral_asset, amount);

/**
 * Liquidation at `price` (overdue or at the liquidation LTV): what is owed now is taken in
 * collateral at the index price, the rest unfrozen back to the user, a shortfall kept as debt
 * (`loan.liquidate`). No USDT moves. Returns the liquidation as the loan records it.
 */
export async function liquidate(
  q: Queryable,
  row: LoanRow,
  price: Units,
  nowMs: number,
  reason: 'ltv' | 'overdue',
) {
  const owed = owedNow(termsOf(row), nowMs);
  const collateral = parseUnits(row.collateral_amount);
  const split = liquidationSplit(owed, collateral, price);
  const legs: Leg[] = [...settle(account(row.user_id), treasury, row.collateral_asset, split.sold)];
  if (split.released > 0n) legs.push(...unfreeze(account(row.user_id), row.collateral_asset, split.released));
  const journalId = await post(q, { realm: row.realm, kind: 'loan.liquidate', reference: row.id, legs });
  const at = new Date(nowMs).toISOString();
  const liquidation = {
    reason,
    price: formatUnits(price),
    owed: formatUnits(owed),
    sold: formatUnits(split.sold),
    released: formatUnits(split.released),
    shortfall: formatUnits(split.shortfall),
    at,
  };
  await queries.liquidated(q, row.id, { liquidation, debt: formatUnits(split.shortfall), at, journalId });
  return liquidation;
}
