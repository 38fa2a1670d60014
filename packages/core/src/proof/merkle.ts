import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Proof of liabilities (PRODUCT.md §2.6): a binary SHA-256 Merkle tree over users' balances.
 * Each leaf commits to a user's hashed id, a per-snapshot nonce and their balance per asset; the
 * root and the totals are published; a user's proof is the sibling hashes from their leaf to the
 * root. Same code on the server (to build) and in the browser (to verify).
 */
export interface LeafBalance {
  asset: string;
  amount: string;
}

export interface ProofStep {
  hash: string;
  /** Which side the sibling is on. */
  side: 'left' | 'right';
}

const LEAF_PREFIX = 'otc-por-v1|leaf|';
const NODE_PREFIX = utf8ToBytes('otc-por-v1|node|');

const hex = (data: Uint8Array) => bytesToHex(sha256(data));

/** A leaf's hash; balances in asset order so the same holdings always hash the same. */
export function leafHash(userHash: string, nonce: string, balances: readonly LeafBalance[]): string {
  const sorted = [...balances].sort((a, b) => (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0));
  const text = `${LEAF_PREFIX}${userHash}|${nonce}|${sorted.map((b) => `${b.asset}:${b.amount}`).join(',')}`;
  return hex(utf8ToBytes(text));
}

/** A user's id as it appears in a snapshot: hashed with the snapshot's nonce for that user. */
export function userHash(userId: string, nonce: string): string {
  return hex(utf8ToBytes(`otc-por-v1|user|${userId}|${nonce}`));
}

function parent(left: string, right: string): string {
  const l = hexToBytes(left);
  const r = hexToBytes(right);
  const data = new Uint8Array(NODE_PREFIX.length + l.length + r.length);
  data.set(NODE_PREFIX, 0);
  data.set(l, NODE_PREFIX.length);
  data.set(r, NODE_PREFIX.length + l.length);
  return hex(data);
}

/** Every level of the tree, leaves first; an odd node out is paired with itself. */
export function buildLevels(leaves: readonly string[]): string[][] {
  if (leaves.length === 0) return [[hex(utf8ToBytes('otc-por-v1|empty'))]];
  const levels: string[][] = [[...leaves]];
  while ((levels.at(-1) as string[]).length > 1) {
    const below = levels.at(-1) as string[];
    const above: string[] = [];
    for (let i = 0; i < below.length; i += 2)
      above.push(parent(below[i] as string, (below[i + 1] ?? below[i]) as string));
    levels.push(above);
  }
  return levels;
}

export const rootOf = (levels: string[][]) => (levels.at(-1) as string[])[0] as string;

export function proofFor(levels: string[][], index: number): ProofStep[] {
  const steps: ProofStep[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = i % 2 === 0 ? Math.min(i + 1, level.length - 1) : i - 1;
    steps.push({ hash: level[sibling] as string, side: i % 2 === 0 ? 'right' : 'left' });
    i = Math.floor(i / 2);
  }
  return steps;
}

export function verifyProof(leaf: string, steps: readonly ProofStep[], root: string): boolean {
  let hash = leaf;
  for (const step of steps) hash = step.side === 'right' ? parent(hash, step.hash) : parent(step.hash, hash);
  return hash === root;
}
