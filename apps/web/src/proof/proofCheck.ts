import { leafHash, verifyProof } from '@otc/core/proof/merkle';
import type { InclusionProof } from '@otc/protocol/proof/schemas';

export type ProofCheck = { ok: true } | { ok: false; reason: 'leaf' | 'root' | 'path' };

/**
 * Checks an inclusion proof in the browser: the leaf is recomputed from the user's hash, nonce and
 * balances; the snapshot's root must be the published one (when known); the sibling path must lead
 * from the leaf to that root.
 */
export function checkInclusion(proof: InclusionProof, publishedRoot?: string): ProofCheck {
  try {
    if (leafHash(proof.userHash, proof.nonce, proof.balances) !== proof.leaf)
      return { ok: false, reason: 'leaf' };
    if (publishedRoot !== undefined && publishedRoot !== proof.snapshot.root)
      return { ok: false, reason: 'root' };
    return verifyProof(proof.leaf, proof.path, proof.snapshot.root)
      ? { ok: true }
      : { ok: false, reason: 'path' };
  } catch {
    // A malformed hash in the path cannot lead anywhere.
    return { ok: false, reason: 'path' };
  }
}

/** The file a user keeps: the proof exactly as received, readable. */
export function proofFile(proof: InclusionProof): { name: string; text: string } {
  const safeId = proof.snapshot.id.replace(/[^\w-]/g, '_');
  return { name: `proof-of-liabilities-${safeId}.json`, text: `${JSON.stringify(proof, null, 2)}\n` };
}
