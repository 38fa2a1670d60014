import { contract } from '../contract.ts';
import { spotEndpoints } from './endpoints.ts';
import {
  cancelSpotOrderBody,
  placeSpotOrderBody,
  spotDepth,
  spotDepthBody,
  spotOrder,
  spotOrderDetail,
  spotOrderPage,
  spotOrdersBody,
  spotTradeList,
  spotTradesBody,
} from './schemas.ts';

export const spotContract = contract(spotEndpoints, {
  place: { body: placeSpotOrderBody, response: spotOrder },
  cancel: { body: cancelSpotOrderBody, response: spotOrder },
  openOrders: { body: spotOrdersBody, response: spotOrderPage },
  history: { body: spotOrdersBody, response: spotOrderPage },
  orderDetail: { body: cancelSpotOrderBody, response: spotOrderDetail },
  trades: { body: spotTradesBody, response: spotTradeList },
  depth: { body: spotDepthBody, response: spotDepth },
});
