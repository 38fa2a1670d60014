import { contract } from '../contract.ts';
import { chainStatusEndpoints } from './chain-status-endpoints.ts';
import { chainStatuses } from './chain-status-schemas.ts';

export const chainStatusContract = contract(chainStatusEndpoints, {
  status: { response: chainStatuses },
});
