import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { post } = routesOn<typeof schemas>();

/** Proof of liabilities: the published root, and each user's own inclusion proof. */
export const proofEndpoints = endpoints('proof', {
  latest: post('/api/proof/latest', {
    body: 'emptyBody',
    response: 'proofSnapshot',
    auth: 'public',
    summary: 'The latest published proof-of-liabilities root and totals',
  }),
  mine: post('/api/proof/mine', {
    body: 'emptyBody',
    response: 'myInclusion',
    auth: 'user',
    summary: "The caller's inclusion proof in the latest snapshot, or when the next one includes them",
  }),
  snapshots: post('/api/proof/snapshots', {
    body: 'proofSnapshotsBody',
    response: 'proofSnapshotsPage',
    auth: 'public',
    summary: 'The proof-of-liabilities snapshots kept, newest first, each with its date, root and totals',
  }),
  reserves: post('/api/proof/reserves', {
    body: 'emptyBody',
    response: 'proofReserves',
    auth: 'public',
    summary:
      "The latest snapshot's reserves: each address's balance at a block and its signature of the snapshot",
  }),
});

/** An admin may publish a snapshot at once. */
export const proofAdminEndpoints = endpoints('admin', {
  build: post('/api/admin/proof/build', {
    body: 'emptyBody',
    response: 'proofSnapshot',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Publish a proof-of-liabilities snapshot now',
  }),
});
