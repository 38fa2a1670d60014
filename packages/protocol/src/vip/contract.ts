import { contract } from '../contract.ts';
import { vipAdminEndpoints, vipEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const vipContract = contract(vipEndpoints, schemas);
export const vipAdminContract = contract(vipAdminEndpoints, schemas);
