import { platformAccount, userAccount } from '../ledger/accounts.ts';
import type { BalanceField, Leg } from '../ledger/posting.ts';
import type { Units } from '../money/decimal.ts';
import type { CloseOutcome, LiquidationOutcome } from './close.ts';
import { max, min } from './rounding.ts';
import { PositionError } from './types.ts';

/**
 * The ledger legs of positions, pure. All money is in the user's contract account (asset USDT by
 * default); the dealer (`platform:main:dealer`) is every position's counterparty, fees and stamp
 * duty go to `platform:main:fees`, liquidation fees to `platform:main:insurance`. Each function's
 * legs sum to zero per asset (property-tested); zero legs are left out, so a list can be empty
 * (nothing to post). A position's margin stays frozen in the user's contract account.
 */
const CONTRACT = 'contract';
const leg = (account: string, asset: string, field: BalanceField, amount: Units): Leg[] =>
  amount === 0n ? [] : [{ account, asset, field, amount }];

export interface OpenFill {
  /** What the order froze at intake for this fill (its prepaid at the order's reference price). */
  reserved: Units;
  margin: Units;
  fee: Units;
  stampDuty: Units;
}

/** An opening fill's legs in three parts, each balanced on its own (stamp duty is its own subject). */
export interface OpenLegParts {
  /** The taker fee: frozen -> fees. */
  fee: Leg[];
  /** The stamp duty (class stock): frozen -> fees. */
  stampDuty: Leg[];
  /** What the order reserved beyond the cost: frozen -> available. */
  release: Leg[];
}

/**
 * An opening fill: the fee and the stamp duty leave the user's frozen funds for the fees account,
 * the margin stays frozen as the position's, and what the order reserved beyond the actual cost
 * goes back to available. Throws `reserve_short` when the reserve does not cover the cost.
 */
export function openLegParts(userId: string, fill: OpenFill, asset = 'USDT'): OpenLegParts {
  const user = userAccount(userId, CONTRACT);
  const fees = platformAccount('fees');
  const over = fill.reserved - fill.margin - fill.fee - fill.stampDuty;
  if (over < 0n) throw new PositionError('reserve_short', 'the order reserved less than the fill costs');
  return {
    fee: [...leg(user, asset, 'frozen', -fill.fee), ...leg(fees, asset, 'available', fill.fee)],
    stampDuty: [
      ...leg(user, asset, 'frozen', -fill.stampDuty),
      ...leg(fees, asset, 'available', fill.stampDuty),
    ],
    release: [...leg(user, asset, 'frozen', -over), ...leg(user, asset, 'available', over)],
  };
}

/** openLegParts in one list (fee, stamp duty, release). */
export function openLegs(userId: string, fill: OpenFill, asset = 'USDT'): Leg[] {
  const p = openLegParts(userId, fill, asset);
  return [...p.fee, ...p.stampDuty, ...p.release];
}

/**
 * A close (user, TP, SL, reverse's first half): the margin share is unfrozen; a loss goes from it
 * to the dealer, the fee to the fees account, the rest to the user's available; a profit comes from
 * the dealer to the user's available.
 */
export function closeLegs(userId: string, c: CloseOutcome, asset = 'USDT'): Leg[] {
  const user = userAccount(userId, CONTRACT);
  const dealer = platformAccount('dealer');
  return [
    ...leg(user, asset, 'frozen', -c.marginReleased),
    ...leg(user, asset, 'available', c.payout),
    ...leg(platformAccount('fees'), asset, 'available', c.fee),
    ...leg(dealer, asset, 'available', c.loss - c.profit),
  ];
}

/**
 * What the insurance fund pays the dealer of a liquidation's deficit: all of it while its balance
 * lasts; the dealer simply receives less past that. Never other users.
 */
export const insuranceCover = (deficit: Units, insuranceAvailable: Units): Units =>
  min(deficit, max(0n, insuranceAvailable));

/**
 * A liquidation: the whole margin is unfrozen; the loss goes to the dealer, the liquidation fee to
 * the insurance fund, the rest back to the user; the deficit beyond the margin is paid to the dealer
 * by the insurance fund as far as `insuranceAvailable` (its balance before this posting) goes.
 */
export function liquidationLegs(
  userId: string,
  l: LiquidationOutcome,
  insuranceAvailable: Units,
  asset = 'USDT',
): Leg[] {
  const user = userAccount(userId, CONTRACT);
  const dealer = platformAccount('dealer');
  const insurance = platformAccount('insurance');
  const cover = insuranceCover(l.deficit, insuranceAvailable);
  return [
    ...leg(user, asset, 'frozen', -l.marginReleased),
    ...leg(user, asset, 'available', l.toUser),
    ...leg(insurance, asset, 'available', l.fee - cover),
    ...leg(dealer, asset, 'available', l.loss - l.profit + cover),
  ];
}

/**
 * A funding payment charged to (+) or paid into (-) a position's frozen margin, the dealer on the
 * other side (applyFunding caps a charge at the margin first).
 */
export function fundingLegs(userId: string, charged: Units, asset = 'USDT'): Leg[] {
  const user = userAccount(userId, CONTRACT);
  return [
    ...leg(user, asset, 'frozen', -charged),
    ...leg(platformAccount('dealer'), asset, 'available', charged),
  ];
}

/**
 * A position closed at its entry with no PnL and everything it was charged given back (issue 23:
 * opened while its quote currency was valued as USDT): its margin is unfrozen to the user's
 * available, and the fees (and stamp duty) charged on it come back from the fees account.
 */
export function refundLegs(userId: string, r: { margin: Units; fees: Units }, asset = 'USDT'): Leg[] {
  const user = userAccount(userId, CONTRACT);
  return [
    ...leg(user, asset, 'frozen', -r.margin),
    ...leg(user, asset, 'available', r.margin + r.fees),
    ...leg(platformAccount('fees'), asset, 'available', -r.fees),
  ];
}
