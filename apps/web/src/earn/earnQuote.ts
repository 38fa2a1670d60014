import { dailyYield, dayIso, formatUnits, parseUnits, rateFor, redemptionPenalty, utcDay } from '@otc/core';
import type { EarnProduct, EarnSubscription } from '@otc/protocol/earn/schemas';
import { amountToSend } from '../money/amounts.ts';
import { amountCheck, createForm, type FormCheck, required } from '../money/form.ts';

/**
 * What the subscribe sheet shows before the user confirms, by the server's own rules (core's
 * earn/rules.ts: the rate spread over the amount range, the yield rounded down to 8 places), in
 * exact decimals: the figures on screen are the ones the subscription will carry.
 */
export interface EarnQuote {
  /** The amount as it is sent. */
  amount: string;
  dailyRate: string;
  dailyYield: string;
  /** dailyYield x cycleDays. */
  expected: string;
  /** The last earning day (UTC), as the server counts it from a subscription made now. */
  endDate: string;
}

/** USDT amounts are typed to 6 places, as the protocol's positive amounts of it are. */
export const EARN_AMOUNT_DECIMALS = 6;

/** The quote for a typed amount inside the product's range; null until there is one. */
export function earnQuote(product: EarnProduct, amountText: string, nowMs: number): EarnQuote | null {
  let amount: bigint;
  try {
    amount = parseUnits(amountToSend(amountText));
  } catch {
    return null;
  }
  const minAmount = parseUnits(product.minAmount);
  const maxAmount = parseUnits(product.maxAmount);
  if (amount < minAmount || amount > maxAmount) return null;
  const rate = rateFor(amount, {
    minAmount,
    maxAmount,
    rateMin: parseUnits(product.rateMin),
    rateMax: parseUnits(product.rateMax),
  });
  const daily = dailyYield(amount, rate);
  return {
    amount: formatUnits(amount),
    dailyRate: formatUnits(rate),
    dailyYield: formatUnits(daily),
    expected: formatUnits(daily * BigInt(product.cycleDays)),
    endDate: dayIso(utcDay(nowMs) + product.cycleDays),
  };
}

/**
 * What an early redemption keeps back now: principal x the subscription's own penalty rate (copied
 * from the product when it began: a later change of the product never reaches it), never more than
 * the yield paid so far (the server pays any day already over first, so this is at most what it keeps).
 */
export function redeemPreview(
  subscription: Pick<EarnSubscription, 'amount' | 'cumulativeProfit' | 'penaltyRate'>,
): { penalty: string; back: string } {
  const principal = parseUnits(subscription.amount);
  const penalty = redemptionPenalty(
    principal,
    parseUnits(subscription.penaltyRate),
    parseUnits(subscription.cumulativeProfit),
  );
  return { penalty: formatUnits(penalty), back: formatUnits(principal - penalty) };
}

export type EarnField = 'amount' | 'tradePassword';
export const EARN_FIELDS: readonly EarnField[] = ['amount', 'tradePassword'];

export interface EarnValues {
  product: EarnProduct;
  amount: string;
  /** The funding account's USDT available. */
  available: string;
  tradePassword: string;
  /** Demo users have no transaction password: they send none. */
  demo: boolean;
  nowMs: number;
}

/** Run after the amount's own check: the amount is a plain decimal by then. */
const atLeastMin: FormCheck<EarnValues, EarnField> = (v) =>
  parseUnits(amountToSend(v.amount)) < parseUnits(v.product.minAmount)
    ? { field: 'amount', key: 'earn.escrowOrders.belowMin', amounts: { min: v.product.minAmount } }
    : null;

const atMostMax: FormCheck<EarnValues, EarnField> = (v) =>
  parseUnits(amountToSend(v.amount)) > parseUnits(v.product.maxAmount)
    ? { field: 'amount', key: 'earn.escrowOrders.aboveMax', amounts: { max: v.product.maxAmount } }
    : null;

const tradePassword = required<EarnValues, EarnField>(
  'tradePassword',
  (v) => (v.demo ? 'none needed' : v.tradePassword),
  'funding.withdraw.enterTradePassword',
);

/** The subscribe sheet: an amount the product and the balance allow, the transaction password. */
export const earnForm = createForm<EarnValues, EarnQuote | null, EarnField>({
  checks: [
    amountCheck(
      'amount',
      (v) => v.amount,
      (v) => ({ decimals: EARN_AMOUNT_DECIMALS, available: v.available }),
    ),
    atLeastMin,
    atMostMax,
    tradePassword,
  ],
  summary: (v) => earnQuote(v.product, v.amount, v.nowMs),
});
