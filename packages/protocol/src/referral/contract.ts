import { contract } from '../contract.ts';
import { referralEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const referralContract = contract(referralEndpoints, schemas);
