import { contract } from '../contract.ts';
import { nftAdminEndpoints, nftEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const nftContract = contract(nftEndpoints, schemas);
export const nftAdminContract = contract(nftAdminEndpoints, schemas);
