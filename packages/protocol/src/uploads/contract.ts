import { contract } from '../contract.ts';
import { uploadAdminEndpoints, uploadEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const uploadContract = contract(uploadEndpoints, schemas);
export const uploadAdminContract = contract(uploadAdminEndpoints, schemas);
