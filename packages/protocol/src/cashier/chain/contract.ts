import { contract } from '../../contract.ts';
import { chainStatusEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const chainStatusContract = contract(chainStatusEndpoints, schemas);
