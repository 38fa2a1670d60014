import { contract } from '../../contract.ts';
import { chainStatusEndpoints } from './endpoints.ts';
import { chainStatuses } from './schemas.ts';

export const chainStatusContract = contract(chainStatusEndpoints, {
  status: { response: chainStatuses },
});
