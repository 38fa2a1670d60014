import { contract, emptyBody } from '../contract.ts';
import { proofAdminEndpoints, proofEndpoints } from './endpoints.ts';
import { inclusionProof, proofSnapshot } from './schemas.ts';

export const proofContract = contract(proofEndpoints, {
  latest: { body: emptyBody, response: proofSnapshot },
  mine: { body: emptyBody, response: inclusionProof },
});

export const proofAdminContract = contract(proofAdminEndpoints, {
  build: { body: emptyBody, response: proofSnapshot },
});
