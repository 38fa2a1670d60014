import type { AreaVocabulary } from '../area.ts';

/** Leveraged positions (perpetuals and CFDs): what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const positionsVocabulary = {
  name: 'positions',
  journalKinds: [
    // An order's prepaid amount frozen and released, a position opened (margin and fee) with its
    // stamp duty, closed, liquidated, and its funding payments.
    'position.freeze',
    'position.release',
    'position.open',
    'position.stamp_duty',
    'position.close',
    'position.liquidation',
    'positions.funding',
  ],
  noticeKinds: [
    /** A leveraged position was liquidated at the mark: params symbol, side, lots, price, toUser (what came back, USDT). */
    'position.liquidated',
    /**
     * A position opened while its quote currency was valued as USDT was closed at its entry price,
     * its margin and fees returned: params symbol, side, lots, price, returned (USDT).
     */
    'position.revalued',
  ],
  errors: {
    not_position_market: 400,
    leverage_out_of_range: 400,
    lots_off_step: 400,
    lots_below_minimum: 400,
    position_leverage_mismatch: 400,
    tp_invalid: 400,
    sl_invalid: 400,
    no_mark_price: 409,
    market_halted: 409,
    dealer_exposure_cap: 409,
    position_not_open: 409,
    lots_above_position: 400,
  },
  userEventFields: {
    position: 'position',
    positionOrder: 'order',
  },
} as const satisfies AreaVocabulary;
