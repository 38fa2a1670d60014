import { contract } from '../contract.ts';
import { notificationsEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const notificationsContract = contract(notificationsEndpoints, schemas);
