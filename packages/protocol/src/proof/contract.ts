import { contract } from '../contract.ts';
import { proofAdminEndpoints, proofEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const proofContract = contract(proofEndpoints, schemas);
export const proofAdminContract = contract(proofAdminEndpoints, schemas);
