import { formatUnits } from '@otc/core';
import {
  confirmationsOf,
  depositStatusFor,
  nextScanRange,
  rewoundCursor,
  tokenToUnits,
} from '@otc/core/cashier/deposit/deposits';
import { DEPOSIT_MINIMUM } from '@otc/protocol/cashier/deposit/schemas';
import type { Db, Queryable } from '../../db/db.ts';
import type { DepositChain, TokenTransfer } from './chains.ts';
import { creditDeposits } from './crediting.ts';
import {
  type Cursor,
  type DepositRow,
  lockCursor,
  markDropped,
  ownersOf,
  pendingOf,
  recordSeen,
  saveCursor,
  saveScanError,
  setConfirmations,
} from './queries.ts';

/** Most blocks one scan reads (public nodes cap a log query's range); the next scan goes on. */
export const MAX_SCAN_SPAN = 2_000n;
/** How far back the cursor steps when the chain under it changed. */
export const REORG_DEPTH = 64n;
/** Where a chain's first scan starts: this far below the head (the dev chain: from its start). */
export const FIRST_SCAN_BACK = 10_000n;

/** What a scan did, for the log and for announcing after the commit. */
export interface ScanResult {
  chainId: number;
  from: bigint | null;
  to: bigint | null;
  seen: number;
  dropped: number;
  credited: string[];
  /** The deposits whose record moved (seen, a new confirmation count, credited, dropped), to announce. */
  changed: string[];
  error: string | null;
  /** The cursor moved between this scan's read and its write: nothing written. */
  stale?: true;
}

/** What the chain said, read before anything is written. */
interface ChainView {
  head: bigint;
  cursor: bigint;
  range: { from: bigint; to: bigint } | null;
  toHash: string | null;
  transfers: TokenTransfer[];
  /** Pending deposits whose block is no longer on the chain with the hash they were seen in. */
  vanished: Set<string>;
  decimals: number;
}

async function readChain(
  chain: DepositChain,
  stored: Cursor | undefined,
  pending: DepositRow[],
): Promise<ChainView> {
  const head = await chain.head();
  let cursor = stored ? stored.block : head > FIRST_SCAN_BACK ? head - FIRST_SCAN_BACK : 0n;
  if (stored) {
    const moved =
      stored.block > head || (stored.hash !== null && (await chain.blockHash(stored.block)) !== stored.hash);
    if (moved) cursor = rewoundCursor(stored.block, head, REORG_DEPTH);
  }
  const vanished = new Set<string>();
  const hashes = new Map<string, string | null>();
  for (const p of pending) {
    if (!hashes.has(p.block_number))
      hashes.set(p.block_number, await chain.blockHash(BigInt(p.block_number)));
    if (hashes.get(p.block_number) !== p.block_hash) vanished.add(p.id);
  }
  const range = nextScanRange(cursor, head, MAX_SCAN_SPAN);
  const transfers = range ? await chain.transfers(range.from, range.to) : [];
  const toHash = range
    ? await chain.blockHash(range.to)
    : stored && cursor === stored.block
      ? stored.hash
      : null;
  return { head, cursor, range, toHash, transfers, vanished, decimals: await chain.decimals() };
}

/** What a scan read, outside any transaction, for `writeScan` to record. */
export interface ScanRead {
  chain: DepositChain;
  /** The cursor the chain was read from: the write checks it still holds. */
  stored: Cursor | undefined;
  view: ChainView | null;
  error: string | null;
}

/**
 * A scan's reads, outside any transaction (the job's `prepare`): the stored cursor and pending
 * deposits (plain reads, no lock), then the node's blocks and logs. A slow or failing node so never
 * holds a database lock or connection; its failure is kept for the write to record.
 */
export async function readScan(q: Queryable, chain: DepositChain): Promise<ScanRead> {
  const stored = await lockCursor(q, chain.chainId, false);
  const pending = await pendingOf(q, chain.chainId, false);
  try {
    return { chain, stored, view: await readChain(chain, stored, pending), error: null };
  } catch (err) {
    return {
      chain,
      stored,
      view: null,
      error: err instanceof Error ? err.message.slice(0, 500) : String(err),
    };
  }
}

/** One whole scan: the chain read, then written in a transaction of its own (tests, tools). */
export async function scanChain(db: Db, chain: DepositChain, now: Date): Promise<ScanResult> {
  const read = await readScan(db, chain);
  return db.tx((q) => writeScan(q, read, now));
}

/**
 * One pass of the watcher over one chain, in the caller's transaction (the job's), from what
 * `readScan` read before it: everything is read from the node first, then written, so a node that
 * fails leaves the cursor where it was and its error for the back office. The cursor is locked
 * and must still be the one the chain was read from; if another scan moved it meanwhile (a run
 * whose claim ran out), this one writes nothing and the next reads afresh.
 *
 * 1. Pending deposits whose block left the chain (a reorg: the block at their height has another
 *    hash, or none) are dropped; they were never credited.
 * 2. The next range of blocks is read for USDT transfers; those to a known deposit address are
 *    recorded (pending, or below_minimum: never credited); others are ignored. A log already
 *    recorded is the same deposit: the unique (chain, tx hash, log index) makes a replay harmless.
 * 3. Pending deposits with the chain's confirmations are credited, each once (deposit-crediting).
 * 4. The cursor moves to the end of the range with that block's hash; a different hash there next
 *    time, or a head below it, is a reorg under the cursor and it steps back REORG_DEPTH blocks.
 *
 * A credited deposit is never taken back: it waited for the chain's confirmations, chosen deeper
 * than any reorg the chain has had. A reorg deeper than that would leave the credit standing with
 * no transfer behind it; the proof of reserves (on-chain USDT against liabilities) would show it.
 */
export async function writeScan(q: Queryable, read: ScanRead, now: Date): Promise<ScanResult> {
  const { chain, view } = read;
  const nothing = {
    chainId: chain.chainId,
    from: null,
    to: null,
    seen: 0,
    dropped: 0,
    credited: [],
    changed: [],
  };
  const stored = await lockCursor(q, chain.chainId);
  if (stored?.block !== read.stored?.block || stored?.hash !== read.stored?.hash)
    return { ...nothing, error: null, stale: true };
  if (!view) {
    const error = read.error ?? 'the chain was not read';
    await saveScanError(q, chain.chainId, error, now);
    return { ...nothing, error };
  }
  const dropped = await markDropped(q, [...view.vanished]);

  const owners = await ownersOf(q, chain.chainId, [...new Set(view.transfers.map((t) => t.to))]);
  const seen = view.transfers.flatMap((t) => {
    const userId = owners.get(t.to);
    if (!userId || t.value <= 0n) return [];
    const units = tokenToUnits(t.value, view.decimals);
    return [
      {
        ...t,
        userId,
        amount: formatUnits(units),
        status: depositStatusFor(units, DEPOSIT_MINIMUM),
        confirmationsNeeded: chain.confirmations,
      },
    ];
  });
  const recorded = await recordSeen(q, chain.chainId, seen);

  const due = new Map<string, number>();
  const waiting = { ids: [] as string[], confirmations: [] as number[] };
  for (const p of await pendingOf(q, chain.chainId)) {
    const confirmations = confirmationsOf(BigInt(p.block_number), view.head);
    // A deposit recorded in this pass was read from the chain as it is now: its block is current.
    if (confirmations >= p.confirmations_needed) due.set(p.id, confirmations);
    else {
      waiting.ids.push(p.id);
      waiting.confirmations.push(confirmations);
    }
  }
  const credited = await creditDeposits(q, due, now);
  const confirming = await setConfirmations(q, waiting.ids, waiting.confirmations);

  await saveCursor(q, chain.chainId, {
    block: view.range ? view.range.to : view.cursor,
    hash: view.toHash,
    head: view.head,
    error: null,
    at: now,
  });
  return {
    chainId: chain.chainId,
    from: view.range?.from ?? null,
    to: view.range?.to ?? null,
    seen: seen.length,
    dropped: view.vanished.size,
    credited: credited.users,
    changed: [...new Set([...dropped, ...recorded, ...confirming, ...credited.ids])],
    error: null,
  };
}
