import type { AreaVocabulary } from '../area.ts';

/** Earn products: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const earnVocabulary = {
  name: 'earn',
  journalKinds: [
    // The principal locked; a day's yield from the treasury; principal back at the end; an early redemption.
    'earn.subscribe',
    'earn.yield',
    'earn.mature',
    'earn.redeem',
  ],
  noticeKinds: [
    /** A subscription matured: the principal back with the last day's yield; params name (the product's), amount (the principal), earned (the cycle's yield), asset. */
    'earn.matured',
  ],
  errors: {
    earn_product_unknown: 404,
    earn_product_closed: 409,
    earn_amount_below_min: 400,
    earn_amount_above_max: 400,
    earn_subscription_unknown: 404,
    earn_subscription_ended: 409,
    earn_product_amounts: 400,
    earn_product_cycle: 400,
    earn_product_rates: 400,
    earn_product_penalty: 400,
  },
  userEventFields: {
    earn: 'subscription',
  },
} as const satisfies AreaVocabulary;
