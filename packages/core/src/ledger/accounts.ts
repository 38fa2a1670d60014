/**
 * Ledger account keys, "owner type:owner:kind": user:<id>:funding, platform:main:fees,
 * external:chain-1:world. The asset is separate (a leg names both).
 */
export type OwnerType = 'user' | 'platform' | 'external';
/** `dealer`: the counterparty of every leveraged position (issue 16): it pays profits, receives losses and funding. */
export type PlatformKind = 'fees' | 'treasury' | 'insurance' | 'market_maker' | 'dealer';

export interface AccountKey {
  ownerType: OwnerType;
  owner: string;
  kind: string;
}

export const userAccount = (userId: string, kind: string) => `user:${userId}:${kind}`;
export const platformAccount = (kind: PlatformKind) => `platform:main:${kind}`;
/**
 * A shard of the treasury (decision 0149): `platform:main-<n>:treasury`, n from 1. Set-based payers
 * that run several batches at once (earn's accrual) each take one, so the batches do not all queue on
 * the one treasury row; the treasury's balance is the sum of `platform:main:treasury` and its shards
 * (every account of owner type `platform` and kind `treasury`). Shard 0 is the treasury itself.
 */
export const treasuryShard = (n: number) => {
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a treasury shard: ${n}`);
  return n === 0 ? platformAccount('treasury') : `platform:main-${n}:treasury`;
};
/** The outside world on one rail (a chain, a bank): where deposits come from and withdrawals go. */
export const externalAccount = (rail: string) => `external:${rail}:world`;

export function parseAccountKey(key: string): AccountKey {
  const [ownerType, owner, kind, ...rest] = key.split(':');
  if (
    !ownerType ||
    !owner ||
    !kind ||
    rest.length > 0 ||
    !['user', 'platform', 'external'].includes(ownerType)
  ) {
    throw new Error(`not an account key: ${key}`);
  }
  return { ownerType: ownerType as OwnerType, owner, kind };
}

/**
 * User balances may never go below zero, nor the insurance fund (it pays deficits only as far as it
 * holds: past it the dealer pays); other platform and external ones may (they are the other side).
 */
export const mustStayNonNegative = (key: string) =>
  key.startsWith('user:') || key === platformAccount('insurance');
