import type { AreaVocabulary } from '../area.ts';

/** The user's own security settings: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const usersVocabulary = {
  name: 'users',
  errors: {
    old_password_wrong: 400,
    trade_password_locked: 429,
    session_unknown: 404,
    password_unchanged: 400,
  },
} as const satisfies AreaVocabulary;
