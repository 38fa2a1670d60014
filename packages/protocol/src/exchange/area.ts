import type { AreaVocabulary } from '../area.ts';

/** The flash exchange: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const exchangeVocabulary = {
  name: 'exchange',
  journalKinds: ['exchange'],
  errors: {
    same_asset: 400,
    quote_expired: 409,
    quote_unknown: 404,
  },
} as const satisfies AreaVocabulary;
