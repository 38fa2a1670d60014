import { contract } from '../contract.ts';
import { ledgerAdminEndpoints, ledgerEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const ledgerContract = contract(ledgerEndpoints, schemas);
export const ledgerAdminContract = contract(ledgerAdminEndpoints, schemas);
