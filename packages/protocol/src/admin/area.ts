import type { AreaVocabulary } from '../area.ts';

/** The back office's own part: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const adminVocabulary = {
  name: 'admin',
  errors: {
    second_operator_required: 403,
    system_user_locked: 403,
  },
} as const satisfies AreaVocabulary;
