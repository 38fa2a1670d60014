import { formatUnits, parseUnits } from '@otc/core';
import { tokenToUnits } from '@otc/core/cashier/deposit/deposits';
import { type SweepStep, sweepStep } from '@otc/core/cashier/sweep/sweeps';
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
  parseGwei,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import type { ChainInfo, SweepSigner } from '../../platform/chain/index.ts';
import * as queries from './queries.ts';

/** Gas limit of a deposit address's USDT transfer (the withdrawals' and the app's limit too). */
export const SWEEP_TRANSFER_GAS = 100_000n;
/** Gas of the gas account's top-up: a plain native transfer. */
export const TOP_UP_GAS = 21_000n;
/** Addresses looked at per chain and pass: a pass is one transaction, kept short. */
const PER_PASS = 20;

/** What a pass did on one chain, for the log and tests. */
export interface SweepPass {
  chainId: number;
  /** No signer in this process for this chain: nothing looked at. */
  unsigned?: true;
  swept: string[];
  sent: string[];
  toppedUp: string[];
  skipped: { address: string; reason: queries.SkipReason }[];
  /**
   * The signed transactions this pass stored, in nonce order, broadcast only once the pass has
   * committed (`broadcastPass`): a transaction is never on the chain without its record.
   */
  toBroadcast: { address: string; raw: Hex }[];
  /** The gas account's next nonce within this pass (its top-ups are not broadcast before the commit). */
  gasNonce?: bigint;
}

/** One chain as the sweeper sees it: its reads, its USDT, the hot wallet and the signer's keys. */
export interface SweepChain {
  info: ChainInfo;
  client: PublicClient;
  hotWallet: Address;
  signer: SweepSigner;
}

/**
 * The sweeper (docs/decisions/0067-sweeps-signer-on-worker.md): moves credited deposits' USDT from their addresses to the
 * hot wallet, topping each address up first with the native coin its transfer's gas needs from the
 * gas account. Each address goes one step a pass (top up, then transfer, then mined), every step
 * recorded on its `deposit_sweeps` row; whatever stops it (dust, gas price, an underfunded gas
 * account, the node failing, a revert) is recorded as `skipped` with the reason, never dropped.
 *
 * Exactly once: what is moved is the address's token balance read on chain at the head, never an
 * amount from the books; a transaction is signed and stored with the pass (hash, nonce, raw bytes)
 * and broadcast only after the pass has committed (docs/decisions/0155-sweeps-stored-before-broadcast.md),
 * so a process that dies after its commit, before or after the broadcast, leaves a record the next
 * pass follows: it broadcasts the same signed transaction again while its nonce is free, and waits
 * for its receipt before anything else is sent from that address. A pass that fails before its
 * commit broadcast nothing. No user's money moves on the ledger: the tokens only change which of
 * the platform's own addresses holds them.
 */
export async function sweepChain(
  ctx: AppContext,
  q: Queryable,
  chain: SweepChain,
  now: Date,
): Promise<SweepPass> {
  const pass: SweepPass = {
    chainId: chain.info.chainId,
    swept: [],
    sent: [],
    toppedUp: [],
    skipped: [],
    toBroadcast: [],
  };
  await queries.saveGasAccount(q, chain.info.chainId, chain.signer.gas.address, now);
  for (const c of await queries.candidates(q, chain.info.chainId, PER_PASS)) {
    const sweep = c.open ?? (await queries.openSweep(q, chain.info.chainId, c, now));
    try {
      await stepAddress(ctx, q, chain, sweep, now, pass);
    } catch (err) {
      // The node failed mid-step: recorded and shown, tried again next pass. A sweep with a
      // transaction in flight keeps its status (the next pass follows that transaction, rather than
      // sending another beside it), the node's words in its detail; any other is skipped (`rpc`).
      const current = (await queries.sweepById(q, sweep.id)) ?? sweep;
      const inFlight =
        current.status === 'gas_sent' || (current.status === 'pending' && current.sweepTxHash !== null);
      await queries.updateSweep(
        q,
        sweep.id,
        inFlight
          ? { status: current.status, detail: `the node failed: ${errorText(err)}` }
          : { status: 'skipped', reason: 'rpc', detail: errorText(err) },
        now,
      );
      pass.skipped.push({ address: sweep.address, reason: 'rpc' });
    }
  }
  return pass;
}

async function stepAddress(
  ctx: AppContext,
  q: Queryable,
  chain: SweepChain,
  sweep: queries.SweepRow,
  now: Date,
  pass: SweepPass,
): Promise<void> {
  const { client } = chain;
  // A transaction sent on an earlier pass: its receipt decides, nothing else is sent meanwhile.
  const inFlight =
    sweep.status === 'gas_sent' ? sweep.gasTxHash : sweep.status === 'pending' ? sweep.sweepTxHash : null;
  if (inFlight) {
    const outcome = await outcomeOf(client, inFlight as Hex);
    if (outcome.kind === 'waiting') return;
    if (outcome.kind === 'unknown') {
      // Stored but not on the node (the process died before its broadcast, or the node lost it):
      // the same signed transaction goes out again while its nonce is still free. Once another
      // transaction took that nonce it can never be mined: forgotten, the balances decide below.
      const gas = sweep.status === 'gas_sent';
      const raw = gas ? sweep.gasRawTx : sweep.sweepRawTx;
      const nonce = gas ? sweep.gasNonce : sweep.sweepNonce;
      const from = gas ? chain.signer.gas.address : (sweep.address as Address);
      if (raw && nonce !== null) {
        const used = BigInt(await client.getTransactionCount({ address: from, blockTag: 'latest' }));
        if (used <= BigInt(nonce)) {
          pass.toBroadcast.push({ address: sweep.address, raw: raw as Hex });
          return;
        }
      }
    }
    if (outcome.kind === 'reverted') {
      await queries.updateSweep(
        q,
        sweep.id,
        { status: 'skipped', reason: 'reverted', detail: `${inFlight} reverted`, addFeeWei: outcome.fee },
        now,
      );
      pass.skipped.push({ address: sweep.address, reason: 'reverted' });
      return;
    }
    if (outcome.kind === 'mined' && sweep.status === 'pending') {
      await queries.updateSweep(q, sweep.id, { status: 'swept', addFeeWei: outcome.fee, sweptAt: now }, now);
      pass.swept.push(sweep.address);
      return;
    }
    if (outcome.kind === 'mined') {
      await queries.updateSweep(q, sweep.id, { status: 'pending', addFeeWei: outcome.fee }, now);
    }
    // A top-up mined goes on to the transfer now; a transaction the node no longer knows is
    // forgotten, and the balances read below say what is still to do.
  }

  const address = sweep.address as Address;
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const [tokens, native, gasAccount, gasPrice] = await Promise.all([
    client.readContract({
      address: chain.info.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
      blockNumber: head,
    }),
    client.getBalance({ address, blockNumber: head }),
    client.getBalance({ address: chain.signer.gas.address }),
    client.getGasPrice(),
  ]);
  const covers = (await queries.newestCreditedAt(q, chain.info.chainId, sweep.address, head)) ?? undefined;
  const step: SweepStep = sweepStep({
    tokens,
    decimals: chain.info.decimals,
    dust: parseUnits(ctx.config.sweepDust),
    gasPrice,
    maxGasPrice: parseGwei(ctx.config.sweepMaxGasGwei),
    native,
    gasAccount,
    transferGas: SWEEP_TRANSFER_GAS,
    topUpGas: TOP_UP_GAS,
  });
  const amount = formatUnits(tokenToUnits(tokens, chain.info.decimals));
  switch (step.kind) {
    case 'nothing':
      // Nothing left on the address (already moved): its credited deposits are covered.
      await queries.updateSweep(
        q,
        sweep.id,
        {
          status: 'swept',
          amount: sweep.sweepTxHash ? undefined : '0',
          coversDepositId: covers,
          sweptAt: now,
        },
        now,
      );
      pass.swept.push(sweep.address);
      return;
    case 'skip':
      await queries.updateSweep(
        q,
        sweep.id,
        {
          status: 'skipped',
          reason: step.reason,
          detail: skipDetail(step.reason, {
            amount,
            gasPrice,
            gasAccount,
            native,
            gas: chain.signer.gas.address,
          }),
          amount,
          coversDepositId: covers,
        },
        now,
      );
      pass.skipped.push({ address: sweep.address, reason: step.reason });
      return;
    case 'top_up': {
      const from = chain.signer.gas;
      // The pass's earlier top-ups are not broadcast yet: the node's pending count does not hold them.
      const pending = BigInt(
        await client.getTransactionCount({ address: from.address, blockTag: 'pending' }),
      );
      const nonce = pass.gasNonce !== undefined && pass.gasNonce > pending ? pass.gasNonce : pending;
      const signed = await sign(from, chain.info.chainId, {
        to: address,
        value: step.wei,
        gas: TOP_UP_GAS,
        gasPrice,
        nonce,
      });
      await queries.updateSweep(
        q,
        sweep.id,
        {
          status: 'gas_sent',
          gasTxHash: signed.hash,
          gasNonce: nonce,
          gasRawTx: signed.raw,
          gasWei: step.wei,
          amount,
          coversDepositId: covers,
        },
        now,
      );
      pass.gasNonce = nonce + 1n;
      pass.toBroadcast.push({ address: sweep.address, raw: signed.raw });
      pass.toppedUp.push(sweep.address);
      return;
    }
    case 'transfer': {
      const from = chain.signer.depositAccount(sweep.userId);
      if (from.address.toLowerCase() !== sweep.address)
        throw new Error(`the signer's key for user ${sweep.userId} is not for ${sweep.address}`);
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [chain.hotWallet, step.tokens],
      });
      const nonce = BigInt(await client.getTransactionCount({ address, blockTag: 'pending' }));
      const signed = await sign(from, chain.info.chainId, {
        to: chain.info.usdt,
        data,
        gas: SWEEP_TRANSFER_GAS,
        gasPrice,
        nonce,
      });
      await queries.updateSweep(
        q,
        sweep.id,
        {
          status: 'pending',
          sweepTxHash: signed.hash,
          sweepNonce: nonce,
          sweepRawTx: signed.raw,
          amount,
          coversDepositId: covers,
        },
        now,
      );
      pass.toBroadcast.push({ address: sweep.address, raw: signed.raw });
      pass.sent.push(sweep.address);
      return;
    }
  }
}

/** Signs offline with the signer's key; the hash is the signed bytes' (a legacy transaction's). */
async function sign(
  from: LocalAccount,
  chainId: number,
  tx: { to: Address; value?: bigint; data?: Hex; gas: bigint; gasPrice: bigint; nonce: bigint },
): Promise<{ hash: Hex; raw: Hex }> {
  if (!from.signTransaction) throw new Error('the signer cannot sign transactions');
  const raw = await from.signTransaction({
    chainId,
    type: 'legacy',
    to: tx.to,
    value: tx.value ?? 0n,
    ...(tx.data ? { data: tx.data } : {}),
    gas: tx.gas,
    gasPrice: tx.gasPrice,
    nonce: Number(tx.nonce),
  });
  return { hash: keccak256(raw), raw };
}

/**
 * After a pass's commit: its stored transactions go out, in the order signed (the gas account's
 * nonces ascending). A broadcast that fails is only logged: its record stands, and the next pass
 * sends the same bytes again or finds them on the chain.
 */
export async function broadcastPass(
  client: PublicClient,
  pass: SweepPass,
  warn: (detail: object, message: string) => void,
): Promise<void> {
  for (const t of pass.toBroadcast) {
    try {
      await client.sendRawTransaction({ serializedTransaction: t.raw });
    } catch (err) {
      warn({ chainId: pass.chainId, address: t.address, err: errorText(err) }, 'sweep broadcast failed');
    }
  }
}

type Outcome = { kind: 'waiting' } | { kind: 'unknown' } | { kind: 'mined' | 'reverted'; fee: bigint };

/** A sent transaction's fate: mined (with the fee it cost), reverted, still waiting, or unknown to the node. */
async function outcomeOf(client: PublicClient, hash: Hex): Promise<Outcome> {
  try {
    const r = await client.getTransactionReceipt({ hash });
    const fee = r.gasUsed * r.effectiveGasPrice;
    return { kind: r.status === 'success' ? 'mined' : 'reverted', fee };
  } catch (err) {
    if (!(err instanceof TransactionReceiptNotFoundError)) throw err;
  }
  try {
    await client.getTransaction({ hash });
    return { kind: 'waiting' };
  } catch (err) {
    if (err instanceof TransactionNotFoundError) return { kind: 'unknown' };
    throw err;
  }
}

function skipDetail(
  reason: 'dust' | 'gas_price' | 'gas_underfunded',
  r: { amount: string; gasPrice: bigint; gasAccount: bigint; native: bigint; gas: string },
): string {
  const price = `gas price ${r.gasPrice} wei`;
  if (reason === 'dust') return `${r.amount} USDT on the address, below the sweep threshold`;
  if (reason === 'gas_price') return `${price}, above the cap`;
  const needed = SWEEP_TRANSFER_GAS * r.gasPrice - r.native + TOP_UP_GAS * r.gasPrice;
  return `gas account ${r.gas} holds ${r.gasAccount} wei; the top-up needs ${needed} wei (${price})`;
}

function errorText(err: unknown): string {
  const e = err as { shortMessage?: string; message?: string };
  return (e.shortMessage ?? e.message ?? String(err)).slice(0, 300);
}
