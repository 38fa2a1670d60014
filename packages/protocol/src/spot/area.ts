import type { AreaVocabulary } from '../area.ts';

/** Spot trading: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const spotVocabulary = {
  name: 'spot',
  journalKinds: [
    // An order's funds set aside, a fill, what the order no longer needs handed back.
    'spot.freeze',
    'spot.trade',
    'spot.release',
    // A system user's inventory (the market maker's, the demo crowd's), moved once from the treasury.
    'maker.fund',
    'crowd.fund',
  ],
  errors: {
    price_off_tick: 400,
    qty_off_lot: 400,
    below_min_notional: 400,
    price_required: 400,
    price_not_allowed: 400,
    no_liquidity: 400,
    not_spot_market: 400,
    order_not_open: 409,
  },
  userEventFields: {
    order: 'order',
  },
} as const satisfies AreaVocabulary;
