import { divUnits, parseUnits, type Units } from '../money/decimal.ts';

/**
 * The share of accounts that lost money on a product over a window (the CFD brokers' disclosure
 * "X% of retail accounts lose money"): from each account's net result over the window (seconds
 * contracts: payouts less stakes; positions: realised PnL less fees, stamp duty and funding paid),
 * those below zero over all accounts that had one. `null` until at least `minAccounts` accounts
 * traded: a share of a handful says nothing.
 */
export function lossShare(
  netResults: readonly Units[],
  minAccounts: number,
): { accounts: number; losing: number; share: Units } | null {
  const accounts = netResults.length;
  if (accounts === 0 || accounts < minAccounts) return null;
  const losing = netResults.filter((r) => r < 0n).length;
  return { accounts, losing, share: divUnits(BigInt(losing) * ONE, BigInt(accounts) * ONE) };
}

const ONE = parseUnits('1');
