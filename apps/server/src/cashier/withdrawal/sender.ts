import { canonicalDecimal, formatUnits, parseUnits, toTokenUnits } from '@otc/core';
import type { WithdrawalFailureKind } from '@otc/protocol/cashier/withdrawal/rules';
import {
  type Account,
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  type PublicClient,
  type WalletClient,
} from 'viem';
import type { AppContext } from '../../context.ts';
import { announceBalances } from '../../ledger/index.ts';
import { announceNotices, notify } from '../../notifications/index.ts';
import { payOutWithdrawal, releaseWithdrawal } from './ledger.ts';
import * as queries from './queries.ts';
import { announceWithdrawal } from './record.ts';
import { WITHDRAWALS_LINK } from './review.ts';

/**
 * The one sender of withdrawals per chain (issue 15): approved withdrawals go out from the hot
 * wallet as USDT transfers, in exact token units from the decimals read on chain; each is then
 * followed to its confirmations.
 *
 * Nonces: taken under the lock of the chain's `hot_wallet_nonces` row, as the larger of the stored
 * next nonce and the node's pending count, so two withdrawals never share one, across processes
 * too. A transaction is signed and stored (nonce, hash, raw bytes) in the same transaction that
 * takes its nonce, and only then broadcast: a crash between the two leaves a stored transaction
 * that the tracker broadcasts again as it was, never a second one signed for the same withdrawal.
 *
 * Failure, decided once: a transaction mined as reverted, or dropped (its nonce used on chain by
 * another transaction while it has no receipt), fails the withdrawal and unfreezes its funds once;
 * one the node merely lost is broadcast again (its nonce is still free). A withdrawal the hot
 * wallet cannot cover (the token, or the native coin for gas) waits as `waiting_funds`, funds
 * still frozen, and goes out on a later round once the wallet is funded.
 */
export interface SendingChain {
  chainId: number;
  /** The chain's USDT contract. */
  token: Address;
  /** The token's decimals, as read on chain (BSC's USDT has 18). */
  decimals: number;
  /** Blocks after a transfer's own before it is final. */
  confirmations: number;
  client: PublicClient;
  wallet: WalletClient;
  /** The hot wallet's account (what signs). */
  account: Account;
}

/** Gas a USDT transfer is given: enough for every chain's token, the limit the app uses too. */
const TRANSFER_GAS = 100_000n;

/** What a round did: for logs and tests. */
export interface RoundResult {
  sent: string[];
  waiting: string[];
  completed: string[];
  failed: string[];
}

const running = new Map<number, Promise<RoundResult>>();

/**
 * One round on a chain: follow what was sent, then send what is approved. Rounds on a chain never
 * overlap in this process (a wake during a round waits for it and runs after); across processes the
 * nonce row's lock keeps the sends apart.
 */
export function withdrawalRound(ctx: AppContext, chain: SendingChain): Promise<RoundResult> {
  const before = running.get(chain.chainId) ?? Promise.resolve(undefined);
  const next = before
    .catch(() => undefined)
    .then(async () => {
      const followed = await followSent(ctx, chain);
      const sent = await sendApproved(ctx, chain);
      return { ...sent, completed: followed.completed, failed: followed.failed };
    });
  running.set(chain.chainId, next);
  const forget = () => {
    if (running.get(chain.chainId) === next) running.delete(chain.chainId);
  };
  next.then(forget, forget);
  return next;
}

/** Resolves once no round is running in this process (an app closing waits for the one a request woke). */
export async function roundsIdle(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running.values()]);
}

async function sendApproved(ctx: AppContext, chain: SendingChain) {
  const sent: string[] = [];
  const waiting: string[] = [];
  const hot = chain.account.address;
  for (const w of await queries.toSend(ctx.db, chain.chainId, 50)) {
    const units = toTokenUnits(parseUnits(w.amount) - parseUnits(w.fee), chain.decimals);
    if (units === null) {
      ctx.log.error({ withdrawal: w.id }, 'withdrawal amount has more decimals than the token');
      continue;
    }
    const gasPrice = await chain.client.getGasPrice();
    const [tokens, native] = await Promise.all([
      chain.client.readContract({
        address: chain.token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [hot],
        blockTag: 'pending',
      }),
      chain.client.getBalance({ address: hot, blockTag: 'pending' }),
    ]);
    if (tokens < units || native < TRANSFER_GAS * gasPrice) {
      if (
        w.status === 'approved' &&
        (await queries.moveWithdrawal(ctx.db, w.id, 'approved', 'waiting_funds', ctx.clock.date()))
      )
        await announceWithdrawal(ctx, w.id);
      waiting.push(w.id);
      continue;
    }
    const signed = await ctx.db.tx(async (q) => {
      const stored = await queries.lockNextNonce(q, chain.chainId, hot);
      const pending = BigInt(await chain.client.getTransactionCount({ address: hot, blockTag: 'pending' }));
      const nonce = stored > pending ? stored : pending;
      const raw = await chain.wallet.signTransaction({
        account: chain.account,
        chain: null,
        chainId: chain.chainId,
        type: 'legacy',
        to: chain.token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [w.address as Address, units],
        }),
        nonce: Number(nonce),
        gas: TRANSFER_GAS,
        gasPrice,
      });
      const txHash = keccak256(raw);
      const from = w.status === 'waiting_funds' ? 'waiting_funds' : 'approved';
      // Decided or sent by another round meanwhile: nothing signed is kept, the nonce stays free.
      if (!(await queries.markSigned(q, w.id, from, { nonce, txHash, rawTx: raw, at: ctx.clock.date() })))
        return null;
      await queries.saveNextNonce(q, chain.chainId, hot, nonce + 1n);
      return raw;
    });
    if (!signed) continue;
    await broadcast(ctx, chain, w.id, signed);
    await announceWithdrawal(ctx, w.id);
    sent.push(w.id);
  }
  return { sent, waiting };
}

async function broadcast(ctx: AppContext, chain: SendingChain, id: string, raw: Hex): Promise<void> {
  try {
    await chain.client.sendRawTransaction({ serializedTransaction: raw });
  } catch (err) {
    // Kept as signed: the next round sees whether it got through, and sends it again if not.
    ctx.log.warn({ withdrawal: id, err: (err as Error).message }, 'withdrawal broadcast failed');
  }
}

async function receiptOf(chain: SendingChain, hash: Hex) {
  try {
    return await chain.client.getTransactionReceipt({ hash });
  } catch {
    return null;
  }
}

async function followSent(ctx: AppContext, chain: SendingChain) {
  const completed: string[] = [];
  const failed: string[] = [];
  const inFlight = await queries.inFlight(ctx.db, chain.chainId);
  if (inFlight.length === 0) return { completed, failed };
  const latest = await chain.client.getBlockNumber({ cacheTime: 0 });
  const mined = BigInt(
    await chain.client.getTransactionCount({ address: chain.account.address, blockTag: 'latest' }),
  );
  for (const w of inFlight) {
    const hash = w.txHash as Hex;
    const receipt = await receiptOf(chain, hash);
    if (receipt) {
      if (receipt.status === 'reverted') {
        if (await finish(ctx, w, 'failed', await revertOf(chain, hash, receipt))) failed.push(w.id);
      } else if (latest - receipt.blockNumber >= BigInt(chain.confirmations)) {
        if (await finish(ctx, w, 'completed')) completed.push(w.id);
      }
      continue;
    }
    if (mined > BigInt(w.nonce ?? '0')) {
      // Its nonce went to another transaction: this one will never be mined.
      const dropped = {
        kind: 'dropped' as const,
        detail: `nonce ${w.nonce} was used on chain by another transaction; ${hash} will never be mined`,
      };
      if (!(await receiptOf(chain, hash)) && (await finish(ctx, w, 'failed', dropped))) failed.push(w.id);
      continue;
    }
    const raw = await queries.rawTxOf(ctx.db, w.id);
    if (raw) await broadcast(ctx, chain, w.id, raw as Hex);
  }
  return { completed, failed };
}

type Failure = { kind: WithdrawalFailureKind; detail: string };

/**
 * Why a mined transaction reverted: out of gas when it used all it was given; otherwise the
 * revert reason, found by replaying its call on the state of its block (what the node says).
 */
async function revertOf(
  chain: SendingChain,
  hash: Hex,
  receipt: { gasUsed: bigint; blockNumber: bigint },
): Promise<Failure> {
  if (receipt.gasUsed >= TRANSFER_GAS)
    return { kind: 'out_of_gas', detail: `used all ${TRANSFER_GAS} gas in block ${receipt.blockNumber}` };
  const fallback = `reverted in block ${receipt.blockNumber}`;
  try {
    const tx = await chain.client.getTransaction({ hash });
    await chain.client.call({
      account: tx.from,
      ...(tx.to ? { to: tx.to } : {}),
      data: tx.input,
      gas: tx.gas,
      blockNumber: receipt.blockNumber,
    });
    return { kind: 'reverted', detail: fallback };
  } catch (err) {
    const e = err as { details?: string; shortMessage?: string };
    const text = e.shortMessage ?? e.details ?? fallback;
    return { kind: 'reverted', detail: text.replace(/\s+/g, ' ').trim() };
  }
}

/**
 * A sent withdrawal settled once: completed pays the frozen amount out (to the chain's outside
 * world, the fee to the platform); failed gives it back. The user is notified either way.
 */
async function finish(
  ctx: AppContext,
  w: queries.WithdrawalRow,
  to: 'completed' | 'failed',
  failure?: Failure,
): Promise<boolean> {
  const done = await ctx.db.tx(async (q) => {
    if (!(await queries.moveWithdrawal(q, w.id, 'sent', to, ctx.clock.date(), failure ? { failure } : {})))
      return false;
    if (to === 'completed') await payOutWithdrawal(q, w);
    else await releaseWithdrawal(q, w, 'withdrawal.fail');
    const received = formatUnits(parseUnits(w.amount) - parseUnits(w.fee));
    await notify(q, w.userId, {
      kind: to === 'completed' ? 'withdrawal.completed' : 'withdrawal.failed',
      params: {
        amount: canonicalDecimal(w.amount),
        asset: w.asset,
        ...(to === 'completed' ? { received, address: w.address } : {}),
      },
      link: WITHDRAWALS_LINK,
    });
    return true;
  });
  if (done) {
    ctx.log.info({ withdrawal: w.id, status: to, txHash: w.txHash }, 'withdrawal settled');
    await announceNotices(ctx, [w.userId]);
    await announceBalances(ctx, 'live', [w.userId]);
    await announceWithdrawal(ctx, w.id);
  }
  return done;
}

/** The sender's view of an enabled chain (ctx.chain): its USDT, the hot wallet that signs, its reads. */
export function sendingChainOf(ctx: AppContext, chainId: number): SendingChain | undefined {
  const info = ctx.chain.info(chainId);
  if (!info) return undefined;
  const wallet = ctx.chain.hotWallet(chainId);
  if (!wallet.account) return undefined;
  return {
    chainId,
    token: info.usdt,
    decimals: info.decimals,
    confirmations: info.confirmations,
    client: ctx.chain.client(chainId),
    wallet,
    account: wallet.account,
  };
}

/** Asks the chain's sender to look for approved withdrawals now rather than at its next round. */
export function wakeSender(ctx: AppContext, chainId: number): void {
  const chain = sendingChainOf(ctx, chainId);
  if (!chain) return;
  withdrawalRound(ctx, chain).catch((err: unknown) =>
    ctx.log.warn({ chainId, err: (err as Error).message }, 'withdrawal round failed'),
  );
}
