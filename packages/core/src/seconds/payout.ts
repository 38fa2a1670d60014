import { freeze, type Leg, settle, unfreeze } from '../ledger/posting.ts';
import { divUnits, mulUnits, parseUnits, roundUnits, type Units } from '../money/decimal.ts';
import type { SecondsOutcome } from './outcome.ts';

const ONE = parseUnits('1');

/**
 * What a winning stake pays back: the stake plus stake x ratio, rounded down to the asset's
 * decimals (never more than the rule gives). 100 at 80% pays 180.
 */
export function secondsPayout(stake: Units, ratio: Units, decimals: number): Units {
  return stake + roundUnits(mulUnits(stake, ratio), decimals);
}

/**
 * The hit rate at which the product breaks even for the buyer: 1 / (1 + ratio) (80% gives
 * 0.5555...). Below it the buyer loses money on average, whatever the market does.
 */
export function breakEvenRate(ratio: Units): Units {
  return divUnits(ONE, ONE + ratio);
}

/** What the user gets back and the profit or loss against the stake, for a settled outcome. */
export function secondsSettlement(
  outcome: SecondsOutcome,
  stake: Units,
  ratio: Units,
  decimals: number,
): { returned: Units; pnl: Units } {
  if (outcome.result === 'win') {
    const returned = secondsPayout(stake, ratio, decimals);
    return { returned, pnl: returned - stake };
  }
  if (outcome.result === 'loss') return { returned: 0n, pnl: -stake };
  return { returned: stake, pnl: 0n };
}

/** The legs of the order: the stake frozen on the user's contract account. */
export function secondsOrderLegs(account: string, asset: string, stake: Units): Leg[] {
  return freeze(account, asset, stake);
}

/**
 * The legs of the settlement: a win releases the stake with the dealer's profit on top (three legs:
 * the frozen stake out, stake plus profit in, the profit from the dealer); a loss pays the frozen
 * stake to the dealer; a refund releases it.
 */
export function secondsSettlementLegs(
  account: string,
  dealer: string,
  asset: string,
  stake: Units,
  outcome: SecondsOutcome,
  pnl: Units,
): Leg[] {
  if (outcome.result === 'loss') return settle(account, dealer, asset, stake);
  if (outcome.result === 'win' && pnl > 0n)
    return [
      { account, asset, field: 'frozen', amount: -stake },
      { account, asset, field: 'available', amount: stake + pnl },
      { account: dealer, asset, field: 'available', amount: -pnl },
    ];
  return unfreeze(account, asset, stake);
}
