import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { post } = routesOn<typeof schemas>();

/** Spot trading's calls (zod-free: the schemas are named as types only). */
export const spotEndpoints = endpoints('spot', {
  place: post('/api/spot/order', {
    body: 'placeSpotOrderBody',
    response: 'spotOrder',
    auth: 'user',
    summary: 'Place a limit or market order (durable before it answers; idempotent)',
  }),
  cancel: post('/api/spot/cancel', {
    body: 'cancelSpotOrderBody',
    response: 'spotOrder',
    auth: 'user',
    summary: 'Cancel an open order',
  }),
  openOrders: post('/api/spot/openorders', {
    body: 'spotOrdersBody',
    response: 'spotOrderPage',
    auth: 'user',
    summary: 'Current orders',
  }),
  history: post('/api/spot/history', {
    body: 'spotOrdersBody',
    response: 'spotOrderPage',
    auth: 'user',
    summary: 'Finished orders',
  }),
  orderDetail: post('/api/spot/orderdetail', {
    body: 'cancelSpotOrderBody',
    response: 'spotOrderDetail',
    auth: 'user',
    summary: 'An order with its fills',
  }),
  trades: post('/api/spot/trades', {
    body: 'spotTradesBody',
    response: 'spotTradeList',
    auth: 'public',
    summary: 'Recent trades of a market',
  }),
  depth: post('/api/spot/depth', {
    body: 'spotDepthBody',
    response: 'spotDepth',
    auth: 'public',
    summary: 'Order book depth by price level',
  }),
});
