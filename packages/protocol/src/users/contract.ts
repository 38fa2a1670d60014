import { user } from '../auth/schemas.ts';
import { contract } from '../contract.ts';
import { usersEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const usersContract = contract(usersEndpoints, { ...schemas, user });
