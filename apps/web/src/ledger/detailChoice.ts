import type { AccountBalances, AssetInfo } from '@otc/protocol/ledger/schemas';
import { isZeroAmount } from '../money/amounts.ts';

/**
 * The assets the account detail page offers (issue 13: without one in the URL it showed every coin
 * mixed): those the account holds, in the catalogue's order, and the one asked for (of the catalogue)
 * even at zero; the catalogue's first when the account holds nothing. The first offered is the default.
 */
export function detailAssets(
  requested: string | undefined,
  account: AccountBalances | undefined,
  catalogue: readonly AssetInfo[],
): string[] {
  const held = new Set(account?.balances.filter((b) => !isZeroAmount(b.total)).map((b) => b.asset));
  const offered = catalogue.map((a) => a.code).filter((code) => held.has(code) || code === requested);
  if (offered.length === 0 && catalogue[0]) offered.push(catalogue[0].code);
  return offered;
}
