import { contract } from '../contract.ts';
import { adminEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const adminContract = contract(adminEndpoints, schemas);
