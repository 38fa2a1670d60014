import { readChainId } from './accounts.ts';
import {
  type Eip1193Provider,
  errorCode,
  errorReason,
  UNRECOGNIZED_CHAIN,
  USER_REJECTED,
} from './eip1193.ts';
import { toQuantity } from './hex.ts';

/**
 * Where a chain switch ended: on the chain; the user said no; the wallet does not know the chain;
 * or another refusal, with the wallet's reason. Never silent: the caller shows each.
 */
export type SwitchResult =
  | { status: 'on-chain' }
  | { status: 'rejected' }
  | { status: 'unknown-chain' }
  | { status: 'refused'; reason: string };

export async function switchChain(provider: Eip1193Provider, chainId: number): Promise<SwitchResult> {
  if ((await readChainId(provider)) === chainId) return { status: 'on-chain' };
  try {
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: toQuantity(BigInt(chainId)) }],
    });
  } catch (error) {
    const code = errorCode(error);
    if (code === USER_REJECTED) return { status: 'rejected' };
    if (code === UNRECOGNIZED_CHAIN) return { status: 'unknown-chain' };
    return { status: 'refused', reason: errorReason(error) };
  }
  // Some wallets answer before they have switched, or not at all: believe the chain id only.
  return (await readChainId(provider)) === chainId
    ? { status: 'on-chain' }
    : { status: 'refused', reason: `still on chain ${await readChainId(provider)}` };
}
