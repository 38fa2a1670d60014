import { formatTokenUnits } from '@otc/core/money/token-units';
import type { Eip1193Provider } from './eip1193.ts';
import { encodeBalanceOf, encodeDecimals } from './erc20.ts';
import { fromQuantity } from './hex.ts';

export interface TokenBalance {
  units: bigint;
  decimals: number;
  /** The decimal amount, exact. */
  amount: string;
}

function call(provider: Eip1193Provider, to: string, data: string): Promise<unknown> {
  return provider.request({ method: 'eth_call', params: [{ to, data }, 'latest'] });
}

/** The token's decimals as its contract says (BSC's USDT has 18, Ethereum's 6): never assumed. */
export async function readDecimals(provider: Eip1193Provider, token: string): Promise<number> {
  const decimals = Number(fromQuantity(await call(provider, token, encodeDecimals())));
  if (!Number.isInteger(decimals) || decimals > 77) throw new Error('the token reports no decimals');
  return decimals;
}

export async function readTokenBalance(
  provider: Eip1193Provider,
  token: string,
  owner: string,
): Promise<TokenBalance> {
  const [raw, decimals] = await Promise.all([
    call(provider, token, encodeBalanceOf(owner)),
    readDecimals(provider, token),
  ]);
  const units = fromQuantity(raw);
  return { units, decimals, amount: formatTokenUnits(units, decimals) };
}
