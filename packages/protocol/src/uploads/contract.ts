import { contract } from '../contract.ts';
import { uploadAdminEndpoints, uploadEndpoints } from './endpoints.ts';
import { uploadCreated } from './schemas.ts';

export const uploadContract = contract(uploadEndpoints, {
  create: { response: uploadCreated },
  read: {},
});

export const uploadAdminContract = contract(uploadAdminEndpoints, { read: {} });
