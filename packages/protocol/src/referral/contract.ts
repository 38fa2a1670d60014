import { contract } from '../contract.ts';
import { referralAdminEndpoints, referralEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const referralContract = contract(referralEndpoints, schemas);
export const referralAdminContract = contract(referralAdminEndpoints, schemas);
