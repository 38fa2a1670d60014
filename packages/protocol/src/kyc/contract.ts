import { contract } from '../contract.ts';
import { kycAdminEndpoints, kycEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const kycContract = contract(kycEndpoints, schemas);
export const kycAdminContract = contract(kycAdminEndpoints, schemas);
