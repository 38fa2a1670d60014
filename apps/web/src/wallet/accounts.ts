import { isAddress } from './address.ts';
import type { Eip1193Provider } from './eip1193.ts';
import { fromQuantity } from './hex.ts';

/** The wallet's selected account, asking the user to connect when the page has none yet. */
export async function connectAccount(provider: Eip1193Provider): Promise<string> {
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== 'string' || !isAddress(first)) throw new Error('the wallet gave no account');
  return first;
}

export async function readChainId(provider: Eip1193Provider): Promise<number> {
  return Number(fromQuantity(await provider.request({ method: 'eth_chainId' })));
}
