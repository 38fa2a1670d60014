import type { AreaVocabulary } from '../area.ts';

/** The ledger: balances, transfers, adjustments: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const ledgerVocabulary = {
  name: 'ledger',
  journalKinds: ['transfer.own', 'transfer.user', 'demo.grant', 'admin.adjust'],
  noticeKinds: [
    /** An operator's balance adjustment was approved: params asset, amount (signed), account. */
    'ledger.adjusted',
    /** Another user sent funds to this user's funding account: params amount, asset, fromUser (their user ID). */
    'transfer.received',
  ],
  errors: {
    same_account: 400,
    recipient_self: 400,
    recipient_unknown: 404,
  },
  userEventFields: {
    balance: 'asset',
  },
} as const satisfies AreaVocabulary;
