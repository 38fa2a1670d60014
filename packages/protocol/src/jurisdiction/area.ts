import type { AreaVocabulary } from '../area.ts';

/** Rules by jurisdiction: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const jurisdictionVocabulary = {
  name: 'jurisdiction',
  journalKinds: [],
  noticeKinds: [],
  errors: {
    /** A country without a profile: nothing to delete. */
    jurisdiction_unknown: 404,
  },
} as const satisfies AreaVocabulary;
