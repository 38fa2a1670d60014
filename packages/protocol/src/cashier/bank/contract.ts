import { contract } from '../../contract.ts';
import { bankDepositAdminEndpoints, bankDepositEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const bankDepositContract = contract(bankDepositEndpoints, schemas);
export const bankDepositAdminContract = contract(bankDepositAdminEndpoints, schemas);
