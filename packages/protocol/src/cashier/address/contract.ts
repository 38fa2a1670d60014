import { contract } from '../../contract.ts';
import { addressEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const addressContract = contract(addressEndpoints, schemas);
