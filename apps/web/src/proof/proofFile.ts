import type { InclusionProof } from '@otc/protocol/proof/schemas';

/** The file a user keeps: the proof exactly as received, readable (the offline checker reads it). */
export function proofFile(proof: InclusionProof): { name: string; text: string } {
  const safeId = proof.snapshot.id.replace(/[^\w-]/g, '_');
  return { name: `proof-of-liabilities-${safeId}.json`, text: `${JSON.stringify(proof, null, 2)}\n` };
}
