import { contract } from '../contract.ts';
import { earnAdminEndpoints, earnEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const earnContract = contract(earnEndpoints, schemas);
export const earnAdminContract = contract(earnAdminEndpoints, schemas);
