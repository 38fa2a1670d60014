import { contract } from '../contract.ts';
import { exchangeEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const exchangeContract = contract(exchangeEndpoints, schemas);
