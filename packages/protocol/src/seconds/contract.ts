import { contract, emptyBody } from '../contract.ts';
import { secondsAdminEndpoints, secondsEndpoints } from './endpoints.ts';
import {
  adminSecondsRatiosBody,
  adminSecondsSettings,
  adminSecondsSwitchBody,
  placeSecondsBody,
  secondsAccess,
  secondsOrder,
  secondsOrderBody,
  secondsOrdersBody,
  secondsOrdersPage,
  secondsProducts,
} from './schemas.ts';

export const secondsContract = contract(secondsEndpoints, {
  products: { response: secondsProducts },
  access: { body: emptyBody, response: secondsAccess },
  place: { body: placeSecondsBody, response: secondsOrder },
  orders: { body: secondsOrdersBody, response: secondsOrdersPage },
  order: { body: secondsOrderBody, response: secondsOrder },
});

export const secondsAdminContract = contract(secondsAdminEndpoints, {
  settings: { response: adminSecondsSettings },
  switch: { body: adminSecondsSwitchBody, response: adminSecondsSettings },
  ratios: { body: adminSecondsRatiosBody, response: adminSecondsSettings },
});
