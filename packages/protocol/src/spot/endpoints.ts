import { endpoints, post } from '../endpoint.ts';
import type {
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

/** Spot trading's calls (zod-free: the schemas are named as types only). */
export const spotEndpoints = endpoints('spot', {
  place: post<typeof placeSpotOrderBody, typeof spotOrder>('/api/spot/order', {
    auth: 'user',
    summary: 'Place a limit or market order (durable before it answers; idempotent)',
  }),
  cancel: post<typeof cancelSpotOrderBody, typeof spotOrder>('/api/spot/cancel', {
    auth: 'user',
    summary: 'Cancel an open order',
  }),
  openOrders: post<typeof spotOrdersBody, typeof spotOrderPage>('/api/spot/openorders', {
    auth: 'user',
    summary: 'Current orders',
  }),
  history: post<typeof spotOrdersBody, typeof spotOrderPage>('/api/spot/history', {
    auth: 'user',
    summary: 'Finished orders',
  }),
  orderDetail: post<typeof cancelSpotOrderBody, typeof spotOrderDetail>('/api/spot/orderdetail', {
    auth: 'user',
    summary: 'An order with its fills',
  }),
  trades: post<typeof spotTradesBody, typeof spotTradeList>('/api/spot/trades', {
    auth: 'public',
    summary: 'Recent trades of a market',
  }),
  depth: post<typeof spotDepthBody, typeof spotDepth>('/api/spot/depth', {
    auth: 'public',
    summary: 'Order book depth by price level',
  }),
});
