import { contract } from '../contract.ts';
import { marketAdminEndpoints, marketEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const marketContract = contract(marketEndpoints, schemas);
export const marketAdminContract = contract(marketAdminEndpoints, schemas);
