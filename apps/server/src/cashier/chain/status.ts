import { canonicalDecimal, formatUnits } from '@otc/core';
import { tokenToUnits } from '@otc/core/cashier/deposit/deposits';
import { gasAccountUnderfunded } from '@otc/core/cashier/sweep/sweeps';
import type { ChainStatus, ChainStatuses, SweepRecord } from '@otc/protocol/cashier/chain/schemas';
import { type Address, erc20Abi, formatEther, formatGwei } from 'viem';
import type { AppContext } from '../../context.ts';
import type { ChainInfo } from '../../platform/chain/index.ts';
import { setWalletBalances } from '../../platform/metrics.ts';
import type { DepositChains } from '../deposit/chains.ts';
import { watcherStates } from '../deposit/service.ts';
import * as sweeps from '../sweep/queries.ts';
import { SWEEP_TRANSFER_GAS, TOP_UP_GAS } from '../sweep/sweeper.ts';

/** What the status reads: the database and the chains (the operator's command line has no more). */
export type ChainContext = Pick<AppContext, 'db' | 'chain'>;

/** Sweeps listed per chain: every open one comes first, then the latest swept. */
const SWEEPS_LISTED = 50;

/**
 * The back office's hot wallet and chain status (issue 15), per enabled chain: the hot wallet's
 * USDT and native coin and the gas account's, read from the chain now (the gas account's address
 * as the sweep signer last reported it: this process needs no key to show it), the watcher, the
 * sweeps with their reasons, and the withdrawals waiting because the hot wallet cannot cover them.
 * A chain whose node does not answer shows its stored state and the error rather than failing.
 */
export async function chainStatuses(ctx: ChainContext, chains: DepositChains): Promise<ChainStatuses> {
  const watcher = new Map((await watcherStates(ctx, chains)).items.map((w) => [w.chainId, w]));
  const gas = await sweeps.gasAccounts(ctx.db);
  const waiting = await waitingWithdrawals(ctx);
  const items = await Promise.all(
    ctx.chain.chains().map(async (info): Promise<ChainStatus> => {
      const stored = watcher.get(info.chainId);
      const [recent, totals] = await Promise.all([
        sweeps.recentSweeps(ctx.db, info.chainId, SWEEPS_LISTED),
        sweeps.sweepTotals(ctx.db, info.chainId),
      ]);
      const reported = gas.get(info.chainId);
      const onChain = await readChain(ctx, info, reported?.address);
      if (onChain.hotUsdt !== null && onChain.hotNative !== null)
        setWalletBalances(
          info.name,
          { USDT: onChain.hotUsdt, native: onChain.hotNative },
          onChain.gasNative === null ? null : formatEther(onChain.gasNative),
        );
      return {
        chainId: info.chainId,
        name: info.name,
        coin: ctx.chain.client(info.chainId).chain?.nativeCurrency.symbol ?? 'ETH',
        usdt: info.usdt,
        decimals: info.decimals,
        gasPrice: onChain.gasPrice === null ? null : formatGwei(onChain.gasPrice),
        hotWallet: {
          address: ctx.chain.hotWallet(info.chainId).address,
          usdt: onChain.hotUsdt,
          native: onChain.hotNative,
        },
        gasAccount: reported
          ? {
              address: reported.address,
              native: onChain.gasNative === null ? null : formatEther(onChain.gasNative),
              // Unknown (the node did not answer) is not called underfunded: the error says why.
              underfunded:
                onChain.gasNative !== null &&
                onChain.gasPrice !== null &&
                gasAccountUnderfunded(onChain.gasNative, onChain.gasPrice, SWEEP_TRANSFER_GAS, TOP_UP_GAS),
              reportedAt: new Date(reported.checkedAt).toISOString(),
            }
          : null,
        watcher: stored ?? {
          chainId: info.chainId,
          name: info.name,
          cursor: null,
          head: null,
          lag: null,
          pending: 0,
          scannedAt: null,
          error: null,
        },
        sweeps: {
          open: totals.open,
          swept: canonicalDecimal(totals.swept),
          gasSpent: formatEther(BigInt(totals.feeWei)),
          items: recent.map(toSweepRecord),
        },
        waitingWithdrawals: waiting.get(info.chainId) ?? { count: 0, amount: '0' },
        error: onChain.error,
      };
    }),
  );
  return { items };
}

async function readChain(ctx: ChainContext, info: ChainInfo, gasAddress: string | undefined) {
  const client = ctx.chain.client(info.chainId);
  const hot = ctx.chain.hotWallet(info.chainId).address;
  try {
    const [tokens, hotNative, gasPrice, gasNative] = await Promise.all([
      client.readContract({ address: info.usdt, abi: erc20Abi, functionName: 'balanceOf', args: [hot] }),
      client.getBalance({ address: hot }),
      client.getGasPrice(),
      gasAddress ? client.getBalance({ address: gasAddress as Address }) : Promise.resolve(null),
    ]);
    return {
      hotUsdt: formatUnits(tokenToUnits(tokens, info.decimals)),
      hotNative: formatEther(hotNative),
      gasPrice,
      gasNative,
      error: null,
    };
  } catch (err) {
    const e = err as { shortMessage?: string; message?: string };
    return {
      hotUsdt: null,
      hotNative: null,
      gasPrice: null,
      gasNative: null,
      error: (e.shortMessage ?? e.message ?? String(err)).slice(0, 300),
    };
  }
}

/** Per chain: withdrawals waiting for the hot wallet, and the USDT they need (amount - fee). */
async function waitingWithdrawals(
  ctx: ChainContext,
): Promise<Map<number, { count: number; amount: string }>> {
  const rows = await ctx.db.query<{ chainId: number; count: number; amount: string }>(
    `SELECT chain_id AS "chainId", count(*)::int AS count, sum(amount - fee)::text AS amount
       FROM withdrawals WHERE status = 'waiting_funds' GROUP BY chain_id`,
  );
  return new Map(rows.map((r) => [r.chainId, { count: r.count, amount: canonicalDecimal(r.amount) }]));
}

function toSweepRecord(r: sweeps.SweepRow): SweepRecord {
  return {
    id: r.id,
    address: r.address,
    userId: r.userId,
    status: r.status,
    reason: r.reason,
    detail: r.detail,
    amount: r.amount === null ? null : canonicalDecimal(r.amount),
    gasTxHash: r.gasTxHash,
    sweepTxHash: r.sweepTxHash,
    topUp: r.gasWei === null ? null : formatEther(BigInt(r.gasWei)),
    fee: formatEther(BigInt(r.feeWei)),
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    sweptAt: r.sweptAt ? new Date(r.sweptAt).toISOString() : null,
  };
}
