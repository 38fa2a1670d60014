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
