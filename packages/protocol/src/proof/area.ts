import type { AreaVocabulary } from '../area.ts';

/** Proof of liabilities: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const proofVocabulary = {
  name: 'proof',
  errors: {
    proof_unavailable: 404,
  },
} as const satisfies AreaVocabulary;
