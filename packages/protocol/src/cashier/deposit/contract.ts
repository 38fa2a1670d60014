import { contract, emptyBody } from '../../contract.ts';
import { depositAdminEndpoints, depositEndpoints } from './endpoints.ts';
import {
  adminDepositList,
  adminDepositsQuery,
  depositAddress,
  depositAddressBody,
  depositList,
  depositListBody,
  reserves,
  watcherStates,
} from './schemas.ts';

export const depositContract = contract(depositEndpoints, {
  address: { body: depositAddressBody, response: depositAddress },
  list: { body: depositListBody, response: depositList },
  reserves: { body: emptyBody, response: reserves },
});

export const depositAdminContract = contract(depositAdminEndpoints, {
  list: { body: adminDepositsQuery, response: adminDepositList },
  watcher: { response: watcherStates },
});
