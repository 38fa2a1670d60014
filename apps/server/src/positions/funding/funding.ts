import {
  applyFunding,
  formatUnits,
  fundingLegs,
  fundingPayment,
  fundingRate,
  type PositionState,
  parseUnits,
  type Units,
  units,
} from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../../db/db.ts';
import { type Posting, postBatch } from '../../postings/index.ts';
import {
  type FundingPaymentRow,
  fundingCharged,
  lockFundedPositions,
  netExposure,
  perpFundingRules,
  recordFunding,
} from './store.ts';
import { lastFundingTime, nextFundingTime } from './times.ts';

/** The interest part of the funding rate per interval (0.01%), as the anchors charge it. */
export const FUNDING_INTEREST: Units = units('0.0001');
export const REALMS: readonly Realm[] = ['live', 'demo'];

/** What the detail screen shows of a perpetual's funding before it is charged. */
export interface FundingView {
  /** The rate the next funding time charges if the exposure stays as it is (+: longs pay). */
  rate: string;
  nextFundingAt: number;
  intervalHours: number;
}

/** One funding time charged: which instrument, realm and time, and the positions it changed. */
export interface FundingCharged {
  symbol: string;
  realm: Realm;
  at: number;
  rate: string;
  positionIds: string[];
  userIds: string[];
}

/**
 * The next funding of a perpetual in a realm: the rate from the dealer's net exposure now, and
 * when it is charged. Null for an instrument that is not a perpetual with position rules.
 */
export async function fundingView(
  q: Queryable,
  symbol: string,
  realm: Realm,
  now: number,
): Promise<FundingView | null> {
  const [rules] = await perpFundingRules(q, symbol);
  if (!rules) return null;
  const rate = fundingRate({
    netExposure: parseUnits(await netExposure(q, symbol, realm)),
    exposureCap: parseUnits(rules.exposureCap),
    interest: FUNDING_INTEREST,
    clamp: parseUnits(rules.clamp),
  });
  return {
    rate: formatUnits(rate),
    nextFundingAt: nextFundingTime(now, rules.intervalHours),
    intervalHours: rules.intervalHours,
  };
}

/**
 * Charges every funding time that is due and not yet charged: for each perpetual and realm, the
 * latest funding time at or before `now` (a time missed while no process ran jobs is charged once,
 * at the next run, never twice: its rate row marks it done in the same transaction). The rate comes
 * from the dealer's net exposure; each position open since before that time pays lots x mark x rate
 * (longs pay a positive rate, shorts receive it) to the dealer, or receives it from the dealer, out
 * of or into its margin. A payment is never more than the margin (the frozen margin is all the
 * position holds; a position funding empties is a liquidation case). `mark` gives the index price;
 * an instrument without one is left for the next run.
 */
export async function chargeDueFunding(
  q: Queryable,
  now: number,
  mark: (symbol: string) => string | undefined,
): Promise<FundingCharged[]> {
  const charged: FundingCharged[] = [];
  for (const rules of await perpFundingRules(q)) {
    const at = new Date(lastFundingTime(now, rules.intervalHours));
    const price = mark(rules.symbol);
    if (price === undefined) continue;
    for (const realm of REALMS) {
      if (await fundingCharged(q, rules.symbol, realm, at)) continue;
      charged.push(await chargeOne(q, rules, realm, at, parseUnits(price)));
    }
  }
  return charged;
}

async function chargeOne(
  q: Queryable,
  rules: { symbol: string; clamp: string; exposureCap: string },
  realm: Realm,
  at: Date,
  mark: Units,
): Promise<FundingCharged> {
  const positions = await lockFundedPositions(q, rules.symbol, realm, at);
  const exposure = await netExposure(q, rules.symbol, realm);
  const rate = fundingRate({
    netExposure: parseUnits(exposure),
    exposureCap: parseUnits(rules.exposureCap),
    interest: FUNDING_INTEREST,
    clamp: parseUnits(rules.clamp),
  });
  const payments: FundingPaymentRow[] = [];
  const postings: Posting[] = [];
  const posted: number[] = [];
  let total = 0n;
  for (const p of positions) {
    const state: PositionState = {
      side: p.side,
      lots: parseUnits(p.lots),
      entry: parseUnits(p.entry),
      margin: parseUnits(p.margin),
      leverage: p.leverage,
    };
    // The margin is all a position holds: funding never takes more than it (liquidation follows).
    const amount = applyFunding(state, fundingPayment(state, mark, rate)).charged;
    total += amount;
    if (amount !== 0n) {
      posted.push(payments.length);
      postings.push({
        realm,
        kind: 'positions.funding',
        subject: rules.symbol,
        reference: `funding:${p.id}:${at.getTime()}`,
        legs: fundingLegs(p.userId, amount),
      });
    }
    payments.push({
      positionId: p.id,
      userId: p.userId,
      side: p.side,
      lots: p.lots,
      amount: formatUnits(amount),
      journalId: null,
    });
  }
  const { outcomes } = await postBatch(q, postings, 'all');
  outcomes.forEach((o, i) => {
    const row = payments[posted[i] as number];
    if (row && 'journalId' in o) row.journalId = o.journalId;
  });
  await recordFunding(q, {
    symbol: rules.symbol,
    realm,
    at,
    rate: formatUnits(rate),
    mark: formatUnits(mark),
    netExposure: exposure,
    total: formatUnits(total),
    payments,
  });
  return {
    symbol: rules.symbol,
    realm,
    at: at.getTime(),
    rate: formatUnits(rate),
    positionIds: payments.map((x) => x.positionId),
    userIds: [...new Set(payments.map((x) => x.userId))],
  };
}
