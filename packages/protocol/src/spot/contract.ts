import { contract } from '../contract.ts';
import { spotEndpoints } from './endpoints.ts';
import * as schemas from './schemas.ts';

export const spotContract = contract(spotEndpoints, schemas);
