import type { AreaVocabulary } from '../area.ts';

/** Identity verification: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const kycVocabulary = {
  name: 'kyc',
  noticeKinds: [
    /** Identity verification decisions: params reason (a rejection's, plain text). */
    'kyc.basic.approved',
    'kyc.basic.rejected',
    'kyc.advanced.approved',
    'kyc.advanced.rejected',
  ],
  errors: {
    kyc_required: 403,
    kyc_under_review: 409,
    kyc_verified: 409,
    kyc_basic_required: 403,
    kyc_demo: 403,
    kyc_photo_invalid: 400,
    kyc_photos_same: 400,
  },
} as const satisfies AreaVocabulary;
