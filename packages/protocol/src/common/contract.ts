import { contract, emptyBody } from '../contract.ts';
import { commonEndpoints } from './endpoints.ts';
import { publicSettings } from './schemas.ts';

export const commonContract = contract(commonEndpoints, {
  settings: { body: emptyBody, response: publicSettings },
});
