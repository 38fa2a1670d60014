import { contract } from '../contract.ts';
import { commonEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const commonContract = contract(commonEndpoints, schemas);
