import type { AreaVocabulary } from '../area.ts';

/** Referral: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const referralVocabulary = {
  name: 'referral',
  journalKinds: [
    // A referrer's rebate for one day, from the platform's fees to its funding USDT.
    'referral_rebate',
  ],
  errors: {
    referral_demo: 403,
  },
} as const satisfies AreaVocabulary;
