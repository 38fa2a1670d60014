import { z } from 'zod';
import { amountText } from '../ledger/schemas.ts';

/** The published side of a proof-of-liabilities snapshot. */
export const proofSnapshot = z.object({
  id: z.string(),
  root: z.string(),
  createdAt: z.iso.datetime(),
  userCount: z.number().int(),
  totals: z.array(z.object({ asset: z.string(), total: amountText })),
});
export type ProofSnapshot = z.infer<typeof proofSnapshot>;

/** What a user downloads to check their inclusion: recompute the leaf, walk the path, compare roots. */
export const inclusionProof = z.object({
  snapshot: proofSnapshot,
  userHash: z.string(),
  nonce: z.string(),
  balances: z.array(z.object({ asset: z.string(), amount: amountText })),
  leaf: z.string(),
  path: z.array(z.object({ hash: z.string(), side: z.enum(['left', 'right']) })),
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
