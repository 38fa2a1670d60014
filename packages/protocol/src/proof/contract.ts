import { contract, emptyBody } from '../contract.ts';
import { proofAdminEndpoints, proofEndpoints } from './endpoints.ts';
import { myInclusion, proofSnapshot } from './schemas.ts';

export const proofContract = contract(proofEndpoints, {
  latest: { body: emptyBody, response: proofSnapshot },
  mine: { body: emptyBody, response: myInclusion },
});

export const proofAdminContract = contract(proofAdminEndpoints, {
  build: { body: emptyBody, response: proofSnapshot },
});
