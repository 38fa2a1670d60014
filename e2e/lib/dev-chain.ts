import { randomBytes } from 'node:crypto';
import { toChecksumAddress } from '@otc/core';

/** A new address nobody holds tokens at: where a journey sends a withdrawal. */
export function freshAddress(): string {
  return toChecksumAddress(`0x${randomBytes(20).toString('hex')}`);
}

/** The dev chain's RPC URL and USDT contract the e2e server uses (set with the chain platform). */
function devChain(): { rpcUrl: string; usdt: string } {
  throw new Error('the dev chain is not wired into the e2e setup yet');
}

async function rpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error || body.result === undefined) throw new Error(`${method}: ${body.error?.message}`);
  return body.result;
}

/** The USDT an address holds on the dev chain, read from the chain itself (balanceOf, decimals). */
export async function devChainUsdtBalance(address: string): Promise<string> {
  const { rpcUrl, usdt } = devChain();
  const word = address.slice(2).toLowerCase().padStart(64, '0');
  const balance = BigInt(
    await rpc<string>(rpcUrl, 'eth_call', [{ to: usdt, data: `0x70a08231${word}` }, 'latest']),
  );
  const decimals = Number(
    BigInt(await rpc<string>(rpcUrl, 'eth_call', [{ to: usdt, data: '0x313ce567' }, 'latest'])),
  );
  const unit = 10n ** BigInt(decimals);
  const frac = (balance % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${balance / unit}${frac ? `.${frac}` : ''}`;
}
