import { contract } from '../contract.ts';
import { chatAdminEndpoints, chatEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const chatContract = contract(chatEndpoints, schemas);
export const chatAdminContract = contract(chatAdminEndpoints, schemas);
