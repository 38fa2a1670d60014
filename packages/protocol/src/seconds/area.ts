import type { AreaVocabulary } from '../area.ts';

/** Seconds contracts: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const secondsVocabulary = {
  name: 'seconds',
  journalKinds: [
    // The stake taken, then the payout or the loss at delivery.
    'seconds.order',
    'seconds.settle',
  ],
  errors: {
    seconds_period_unknown: 400,
    seconds_stake_below_min: 400,
    seconds_stake_above_max: 400,
    seconds_not_offered: 400,
    seconds_ratio_invalid: 400,
    seconds_market_halted: 409,
    seconds_product_off: 403,
    seconds_country_off: 403,
    seconds_order_unknown: 404,
  },
  userEventFields: {
    seconds: 'order',
  },
} as const satisfies AreaVocabulary;
