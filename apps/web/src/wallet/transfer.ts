import { isAddress } from './address.ts';
import { type Eip1193Provider, errorReason } from './eip1193.ts';
import { encodeTransfer } from './erc20.ts';
import { fromQuantity, type Hex, toQuantity } from './hex.ts';

/** Seed §7 and §9: gas limit 100000, gas price 1.3 x the network's. */
export const TRANSFER_GAS_LIMIT = 100_000n;
const GAS_PRICE_TENTHS = 13n;

/** The seed's wallet module returns 'error' on a failed transfer; here with the reason to show. */
export type TransferResult = { status: 'sent'; hash: Hex } | { status: 'error'; reason: string };

/** 1.3 x the network's gas price, rounded up so it never falls below it. */
export async function boostedGasPrice(provider: Eip1193Provider): Promise<bigint> {
  const network = fromQuantity(await provider.request({ method: 'eth_gasPrice' }));
  return (network * GAS_PRICE_TENTHS + 9n) / 10n;
}

async function send(provider: Eip1193Provider, tx: Record<string, string>): Promise<TransferResult> {
  try {
    const gasPrice = await boostedGasPrice(provider);
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ ...tx, gas: toQuantity(TRANSFER_GAS_LIMIT), gasPrice: toQuantity(gasPrice) }],
    });
    if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
      return { status: 'error', reason: 'the wallet returned no transaction' };
    return { status: 'sent', hash: hash as Hex };
  } catch (error) {
    return { status: 'error', reason: errorReason(error) };
  }
}

/**
 * An exact-amount token transfer (PRODUCT.md invariant 2: the user confirms exactly this amount to
 * exactly this address in the wallet; nothing is approved for later).
 */
export function sendTokenTransfer(
  provider: Eip1193Provider,
  transfer: { from: string; token: string; to: string; units: bigint },
): Promise<TransferResult> {
  if (transfer.units <= 0n)
    return Promise.resolve({ status: 'error', reason: 'the amount must be more than zero' });
  if (!isAddress(transfer.token)) return Promise.resolve({ status: 'error', reason: 'no token contract' });
  let data: Hex;
  try {
    data = encodeTransfer(transfer.to, transfer.units);
  } catch (error) {
    return Promise.resolve({ status: 'error', reason: errorReason(error) });
  }
  return send(provider, { from: transfer.from, to: transfer.token, data, value: '0x0' });
}

/** A transfer of the chain's own coin (ETH, BNB, CRO), in wei. */
export function sendNativeTransfer(
  provider: Eip1193Provider,
  transfer: { from: string; to: string; wei: bigint },
): Promise<TransferResult> {
  if (transfer.wei <= 0n)
    return Promise.resolve({ status: 'error', reason: 'the amount must be more than zero' });
  if (!isAddress(transfer.to))
    return Promise.resolve({ status: 'error', reason: `not an address: ${transfer.to}` });
  return send(provider, { from: transfer.from, to: transfer.to, value: toQuantity(transfer.wei) });
}
