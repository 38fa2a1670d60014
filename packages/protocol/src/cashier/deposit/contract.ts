import { contract } from '../../contract.ts';
import { depositAdminEndpoints, depositEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const depositContract = contract(depositEndpoints, schemas);
export const depositAdminContract = contract(depositAdminEndpoints, schemas);
