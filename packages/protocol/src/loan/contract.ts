import { contract } from '../contract.ts';
import { loanAdminEndpoints, loanEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const loanContract = contract(loanEndpoints, schemas);
export const loanAdminContract = contract(loanAdminEndpoints, schemas);
