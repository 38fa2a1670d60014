import { contract } from '../../contract.ts';
import { withdrawalAdminEndpoints, withdrawalEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const withdrawalContract = contract(withdrawalEndpoints, schemas);
export const withdrawalAdminContract = contract(withdrawalAdminEndpoints, schemas);
