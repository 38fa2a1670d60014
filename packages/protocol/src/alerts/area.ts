import type { AreaVocabulary } from '../area.ts';

/** Price alerts: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const alertsVocabulary = {
  name: 'alerts',
  journalKinds: [],
  /** One kind a condition: each reads as its own sentence in every language. */
  noticeKinds: ['alert.rises_to', 'alert.falls_to', 'alert.up_percent', 'alert.down_percent'],
  errors: {
    alert_not_found: 404,
    /** The symbol names no instrument with an index price. */
    alert_instrument_unknown: 400,
    /** The instrument has had no price yet: nothing to compare a threshold with. */
    alert_no_price: 409,
    alert_price_positive: 400,
    alert_price_tick: 400,
    /** A "rises to" at or below the price now would fire at once (Binance refuses it too). */
    alert_rises_below: 400,
    alert_falls_above: 400,
    alert_percent_range: 400,
    /** The user has the most active alerts allowed. */
    alert_limit: 409,
  },
} as const satisfies AreaVocabulary;
