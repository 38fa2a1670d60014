import { contract } from '../contract.ts';
import { jurisdictionAdminEndpoints, jurisdictionEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const jurisdictionContract = contract(jurisdictionEndpoints, schemas);
export const jurisdictionAdminContract = contract(jurisdictionAdminEndpoints, schemas);
