import { contract } from '../contract.ts';
import { devEndpoints } from './endpoints.ts';
import { devClock, devClockBody } from './schemas.ts';

export const devContract = contract(devEndpoints, {
  clock: { response: devClock },
  moveClock: { body: devClockBody, response: devClock },
});
