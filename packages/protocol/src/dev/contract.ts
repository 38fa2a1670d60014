import { contract } from '../contract.ts';
import { devEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const devContract = contract(devEndpoints, schemas);
