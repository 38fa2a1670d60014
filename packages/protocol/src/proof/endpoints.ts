import type { emptyBody } from '../contract.ts';
import { endpoints, post } from '../endpoint.ts';
import type { myInclusion, proofSnapshot } from './schemas.ts';

/** Proof of liabilities: the published root, and each user's own inclusion proof. */
export const proofEndpoints = endpoints('proof', {
  latest: post<typeof emptyBody, typeof proofSnapshot>('/api/proof/latest', {
    auth: 'public',
    summary: 'The latest published proof-of-liabilities root and totals',
  }),
  mine: post<typeof emptyBody, typeof myInclusion>('/api/proof/mine', {
    auth: 'user',
    summary: "The caller's inclusion proof in the latest snapshot, or when the next one includes them",
  }),
});

/** An admin may publish a snapshot at once. */
export const proofAdminEndpoints = endpoints('admin', {
  build: post<typeof emptyBody, typeof proofSnapshot>('/api/admin/proof/build', {
    auth: 'operator',
    roles: ['admin'],
    summary: 'Publish a proof-of-liabilities snapshot now',
  }),
});
