import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { formatUnits, parseUnits } from '../money/decimal.ts';

/**
 * Proof of liabilities (PRODUCT.md §2.6, issue 29, decision 0140): a Merkle SUM tree over users'
 * balances. Each node carries, per asset of the snapshot, the sum of the balances below it, and its
 * hash commits to both children's hashes AND both children's sums (hashing only the parent's total
 * would let a platform shift liabilities between siblings: the known flaw of the first published
 * design). So the root's sums are the liabilities, bound to the tree: a platform that published
 * smaller totals than its leaves add up to would fail every user's check, and a negative leaf (the
 * way to hide liabilities in a sum tree) is refused when building and when verifying. Each sum is
 * also bounded (MAX_SUM), as the range-proof versions of the design bound theirs against a wrap.
 * Same code on the server (to build) and in the browser (to verify, online or offline).
 */
export const PROOF_SCHEME = 'otc-por-v2-sum';

export interface LeafBalance {
  asset: string;
  amount: string;
}

/** A node as built: its hash and, in the snapshot's asset order, the sums below it (18-decimal units). */
export interface SumNode {
  hash: string;
  sums: bigint[];
}

/** One step up from a leaf: the sibling's hash and sums (decimal text, in the snapshot's asset order). */
export interface ProofStep {
  hash: string;
  sums: string[];
  /** Which side the sibling is on. */
  side: 'left' | 'right';
}

/** No sum may reach 10^20 whole coins: what NUMERIC(38,18) and the decimal text hold, far above any real total. */
export const MAX_SUM = 10n ** 38n;

export class ProofTreeError extends Error {
  constructor(readonly reason: 'negative' | 'overflow' | 'asset') {
    super(`proof tree: ${reason}`);
  }
}

const PREFIX = 'otc-por-v2';
const hashText = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

const checked = (value: bigint): bigint => {
  if (value < 0n) throw new ProofTreeError('negative');
  if (value >= MAX_SUM) throw new ProofTreeError('overflow');
  return value;
};

const sumsText = (assets: readonly string[], sums: readonly bigint[]) =>
  assets.map((asset, i) => `${asset}:${(sums[i] as bigint).toString()}`).join(',');

/** A user's id as it appears in a snapshot: hashed with the snapshot's nonce for that user. */
export function userHash(userId: string, nonce: string): string {
  return hashText(`otc-por-v1|user|${userId}|${nonce}`);
}

/**
 * A user's leaf: their balances as a vector over the snapshot's assets (a missing asset is 0), the
 * hash committing to the user's hash, nonce and every entry of the vector.
 */
export function leafNode(
  assets: readonly string[],
  hashedUser: string,
  nonce: string,
  balances: readonly LeafBalance[],
): SumNode {
  const sums = assets.map(() => 0n);
  for (const b of balances) {
    const i = assets.indexOf(b.asset);
    if (i < 0 || (sums[i] as bigint) !== 0n) throw new ProofTreeError('asset');
    sums[i] = checked(parseUnits(b.amount));
  }
  return { hash: hashText(`${PREFIX}|leaf|${hashedUser}|${nonce}|${sumsText(assets, sums)}`), sums };
}

/** What an odd node is paired with: nothing, summing to zero, its hash known to everyone. */
export const paddingNode = (assets: readonly string[]): SumNode => ({
  hash: hashText(`${PREFIX}|pad`),
  sums: assets.map(() => 0n),
});

export function parentNode(assets: readonly string[], left: SumNode, right: SumNode): SumNode {
  const sums = assets.map((_, i) => checked((left.sums[i] as bigint) + (right.sums[i] as bigint)));
  const hash = hashText(
    `${PREFIX}|node|${left.hash}|${sumsText(assets, left.sums)}|${right.hash}|${sumsText(assets, right.sums)}`,
  );
  return { hash, sums };
}

/** Every level of the tree, leaves first; the root level holds one node (the padding for no leaves). */
export function buildLevels(assets: readonly string[], leaves: readonly SumNode[]): SumNode[][] {
  const levels: SumNode[][] = [leaves.length > 0 ? [...leaves] : [paddingNode(assets)]];
  while ((levels.at(-1) as SumNode[]).length > 1) {
    const below = levels.at(-1) as SumNode[];
    const above: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2)
      above.push(parentNode(assets, below[i] as SumNode, below[i + 1] ?? paddingNode(assets)));
    levels.push(above);
  }
  return levels;
}

export const rootOf = (levels: SumNode[][]) => (levels.at(-1) as SumNode[])[0] as SumNode;

/** Sums as the wire and the published totals write them. */
export const sumsToText = (sums: readonly bigint[]) => sums.map((s) => formatUnits(s));

export function proofFor(assets: readonly string[], levels: SumNode[][], index: number): ProofStep[] {
  const steps: ProofStep[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = (i % 2 === 0 ? level[i + 1] : level[i - 1]) ?? paddingNode(assets);
    steps.push({ hash: sibling.hash, sums: sumsToText(sibling.sums), side: i % 2 === 0 ? 'right' : 'left' });
    i = Math.floor(i / 2);
  }
  return steps;
}

export type SumCheck = { ok: true } | { ok: false; reason: 'sums' | 'path' | 'totals' };

/**
 * Walks a proof from the leaf to the root: every sibling's sums must be well-formed, never negative
 * and bounded; each parent's sums are computed here (not read), so the root's sums are what the
 * leaves add up to along the path; the root's hash must be the published root and its sums the
 * published totals, asset by asset.
 */
export function verifyPath(
  assets: readonly string[],
  leaf: SumNode,
  steps: readonly ProofStep[],
  root: { hash: string; totals: readonly string[] },
): SumCheck {
  let node = leaf;
  for (const step of steps) {
    let sums: bigint[];
    try {
      if (step.sums.length !== assets.length) return { ok: false, reason: 'sums' };
      sums = step.sums.map((s) => checked(parseUnits(s)));
    } catch {
      return { ok: false, reason: 'sums' };
    }
    const sibling = { hash: step.hash, sums };
    try {
      node = step.side === 'right' ? parentNode(assets, node, sibling) : parentNode(assets, sibling, node);
    } catch {
      return { ok: false, reason: 'sums' };
    }
  }
  if (node.hash !== root.hash) return { ok: false, reason: 'path' };
  if (root.totals.length !== assets.length) return { ok: false, reason: 'totals' };
  try {
    const published = root.totals.map((t) => parseUnits(t));
    return published.every((t, i) => t === node.sums[i]) ? { ok: true } : { ok: false, reason: 'totals' };
  } catch {
    return { ok: false, reason: 'totals' };
  }
}

/** A user's inclusion proof as the server gives it and the user keeps it (protocol `InclusionProof`). */
export interface InclusionProofData {
  snapshot: { root: string; totals: readonly { asset: string; total: string }[] };
  userHash: string;
  nonce: string;
  balances: readonly LeafBalance[];
  leaf: string;
  path: readonly ProofStep[];
}

export type InclusionCheck =
  | { ok: true }
  | { ok: false; reason: 'leaf' | 'root' | 'path' | 'sums' | 'totals' };

/**
 * The whole check a user runs, in the app or offline: the leaf is recomputed from their own hash,
 * nonce and balances; the snapshot's root must be the published one (when the caller knows it);
 * the path must lead, with every sum computed on the way, to that root and to the snapshot's
 * totals. The assets are the totals' assets, in their order.
 */
export function checkInclusion(proof: InclusionProofData, publishedRoot?: string): InclusionCheck {
  const assets = proof.snapshot.totals.map((t) => t.asset);
  let leaf: SumNode;
  try {
    leaf = leafNode(assets, proof.userHash, proof.nonce, proof.balances);
  } catch {
    return { ok: false, reason: 'leaf' };
  }
  if (leaf.hash !== proof.leaf) return { ok: false, reason: 'leaf' };
  if (publishedRoot !== undefined && publishedRoot !== proof.snapshot.root)
    return { ok: false, reason: 'root' };
  return verifyPath(assets, leaf, proof.path, {
    hash: proof.snapshot.root,
    totals: proof.snapshot.totals.map((t) => t.total),
  });
}
