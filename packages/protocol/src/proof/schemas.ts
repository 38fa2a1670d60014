import { z } from 'zod';
import { amountText, pageBody } from '../ledger/schemas.ts';

/**
 * The published side of a proof-of-liabilities snapshot: the root of a Merkle sum tree (decision
 * 0140) whose sums are the totals, asset by asset in this order.
 */
export const proofSnapshot = z.object({
  id: z.string(),
  /** How the tree is made: `otc-por-v2-sum` (docs/PROOF.md). */
  scheme: z.literal('otc-por-v2-sum'),
  root: z.string(),
  createdAt: z.iso.datetime(),
  userCount: z.number().int(),
  totals: z.array(z.object({ asset: z.string(), total: amountText })),
});
export type ProofSnapshot = z.infer<typeof proofSnapshot>;

/**
 * What a user downloads to check their inclusion: recompute the leaf, walk the path adding the sums,
 * compare the root and its sums with the published root and totals.
 */
export const inclusionProof = z.object({
  snapshot: proofSnapshot,
  userHash: z.string(),
  nonce: z.string(),
  balances: z.array(z.object({ asset: z.string(), amount: amountText })),
  leaf: z.string(),
  /** From the leaf up: each sibling's hash and sums (in the totals' asset order). */
  path: z.array(z.object({ hash: z.string(), sums: z.array(amountText), side: z.enum(['left', 'right']) })),
});
export type InclusionProof = z.infer<typeof inclusionProof>;

/**
 * The caller's answer (issue 23): their proof when the latest snapshot holds their leaf; otherwise
 * that it does not yet (a new account, or one that held nothing when it was taken), with when the
 * next snapshot is taken, by the snapshot job's schedule. Not an error: nothing failed.
 */
export const myInclusion = z.discriminatedUnion('included', [
  inclusionProof.extend({ included: z.literal(true) }),
  z.object({
    included: z.literal(false),
    /** The latest snapshot, null before the first. */
    snapshot: proofSnapshot.nullable(),
    nextAt: z.iso.datetime(),
  }),
]);
export type MyInclusion = z.infer<typeof myInclusion>;

/**
 * The reserves signed for a snapshot (decision 0141): each address's balance at a block and its
 * key's signature of the statement naming the snapshot (core `reserveStatement`); the browser
 * recovers each signer and counts only the addresses that signed.
 */
export const proofReserves = z.object({
  /** The latest snapshot's id; null before the first. */
  snapshotId: z.string().nullable(),
  addresses: z.array(
    z.object({
      chainId: z.number().int(),
      chainName: z.string(),
      block: z.string().regex(/^\d+$/),
      address: z.string(),
      kind: z.enum(['hot', 'deposit']),
      asset: z.string(),
      balance: amountText,
      signature: z.string().nullable(),
    }),
  ),
});
export type ProofReserves = z.infer<typeof proofReserves>;

/** The snapshots kept, newest first, a page at a time (public): each with its date, root and totals. */
export const proofSnapshotsBody = pageBody.strict();
export const proofSnapshotsPage = z.object({ items: z.array(proofSnapshot), total: z.number().int() });
export type ProofSnapshotsPage = z.infer<typeof proofSnapshotsPage>;
