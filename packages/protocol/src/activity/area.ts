import type { AreaVocabulary } from '../area.ts';

/** Deposit-bonus activities: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const activityVocabulary = {
  name: 'activity',
  journalKinds: [
    // A fulfilled booking's bonus, from the treasury to the user's funding USDT (its subject: the activity's title).
    'activity.bonus',
  ],
  noticeKinds: [
    /** A booking's bonus was credited: params amount, asset, title (the activity's). */
    'activity.bonus.credited',
    /** A booking lapsed short of its target: params title, target, deposited, asset. */
    'activity.booking.lapsed',
  ],
  errors: {
    activity_not_found: 404,
    activity_ended: 409,
    activity_not_started: 409,
    activity_already_booked: 409,
    activity_demo: 403,
    /** The user's country restricts incentives for CFD trading (ESMA, FCA): no deposit bonus there. */
    activity_jurisdiction: 403,
    activity_amount: 400,
    activity_period: 400,
  },
} as const satisfies AreaVocabulary;
