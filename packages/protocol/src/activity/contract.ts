import { contract } from '../contract.ts';
import { activityAdminEndpoints, activityEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const activityContract = contract(activityEndpoints, schemas);
export const activityAdminContract = contract(activityAdminEndpoints, schemas);
