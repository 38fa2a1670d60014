import { contract } from '../contract.ts';
import { newsAdminEndpoints, newsEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const newsContract = contract(newsEndpoints, schemas);
export const newsAdminContract = contract(newsAdminEndpoints, schemas);
