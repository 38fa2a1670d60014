import { contract } from '../contract.ts';
import { secondsAdminEndpoints, secondsEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const secondsContract = contract(secondsEndpoints, schemas);
export const secondsAdminContract = contract(secondsAdminEndpoints, schemas);
