import { contract } from '../contract.ts';
import { contractEndpoints, stockEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const perpContract = contract(contractEndpoints, schemas);
export const stockContract = contract(stockEndpoints, schemas);
