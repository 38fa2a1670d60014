import { contract } from '../contract.ts';
import { authEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const authContract = contract(authEndpoints, schemas);
