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
    agent_schedule_levels: 400,
    agent_ratio_range: 400,
    agent_maintain_above_upgrade: 400,
    agent_level_order: 400,
    referral_default_ratio: 400,
  },
} as const satisfies AreaVocabulary;
