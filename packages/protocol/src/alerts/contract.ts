import { contract } from '../contract.ts';
import { alertsEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const alertsContract = contract(alertsEndpoints, schemas);
