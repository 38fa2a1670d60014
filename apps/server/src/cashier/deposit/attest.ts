import { formatUnits } from '@otc/core';
import { tokenToUnits } from '@otc/core/cashier/deposit/deposits';
import { type Address, parseAbiItem } from 'viem';
import type { AppContext } from '../../context.ts';

const BALANCE_OF = parseAbiItem('function balanceOf(address owner) view returns (uint256)');

/** One address the platform holds USDT on, its balance at a block, and its key's signature of a statement. */
export interface AttestedAddress {
  chainId: number;
  chainName: string;
  block: string;
  address: string;
  kind: 'hot' | 'deposit';
  /** USDT at `block`, decimal text. */
  balance: string;
  /** The address's own signature of the statement; null where this process does not hold its key. */
  signature: string | null;
}

/** The text each address signs, given by the caller (the proof area's statement names its snapshot). */
export type StatementFor = (chainId: number, block: string, address: string) => string;

/**
 * Proof of reserves (decision 0141): on each enabled chain, at the head block, the hot wallet and
 * every deposit address that still holds USDT, each with its balance at that block and its key's
 * signature of `statementFor(...)`. The hot wallet's key is in every process; deposit addresses'
 * keys only where the sweep signer is (a worker given SWEEP_XPRV): elsewhere they are listed
 * unsigned, and the proof counts only signed balances. A chain that does not answer is left out
 * (and logged): the proof says what it could sign, never more.
 */
export async function attestReserves(
  ctx: AppContext,
  statementFor: StatementFor,
): Promise<AttestedAddress[]> {
  const out: AttestedAddress[] = [];
  for (const info of ctx.chain.chains()) {
    try {
      const client = ctx.chain.client(info.chainId);
      const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
      const block = blockNumber.toString();
      const balanceAt = async (address: string) =>
        formatUnits(
          tokenToUnits(
            await client.readContract({
              address: info.usdt,
              abi: [BALANCE_OF],
              functionName: 'balanceOf',
              args: [address as Address],
              blockNumber,
            }),
            info.decimals,
          ),
        );
      const base = { chainId: info.chainId, chainName: info.name, block };
      const hot = ctx.chain.hotWallet(info.chainId);
      const hotAddress = hot.address.toLowerCase();
      out.push({
        ...base,
        address: hotAddress,
        kind: 'hot',
        balance: await balanceAt(hotAddress),
        signature: await hot.signMessage({
          account: hot.account ?? hot.address,
          message: statementFor(info.chainId, block, hotAddress),
        }),
      });
      const signer = ctx.chain.sweepSigner(info.chainId);
      const deposits = await ctx.db.query<{ user_id: string; address: string }>(
        'SELECT user_id::text AS user_id, address FROM deposit_addresses WHERE chain_id = $1 ORDER BY user_id',
        [info.chainId],
      );
      for (const d of deposits) {
        const balance = await balanceAt(d.address);
        if (balance === '0') continue;
        const key = signer?.depositAccount(d.user_id);
        out.push({
          ...base,
          address: d.address,
          kind: 'deposit',
          balance,
          signature: key
            ? await key.signMessage({ message: statementFor(info.chainId, block, d.address) })
            : null,
        });
      }
    } catch (err) {
      ctx.log.warn({ err, chainId: info.chainId }, 'proof of reserves: the chain did not answer');
    }
  }
  return out;
}
