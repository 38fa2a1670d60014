import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { post } = routesOn<typeof schemas>();

/** Perpetual contracts' calls (zod-free: the schemas are named as types only). */
export const contractEndpoints = endpoints('contract', {
  detail: post('/api/contract/detail', {
    body: 'positionDetailBody',
    response: 'positionDetail',
    auth: 'optional',
    summary: 'A perpetual’s rules, mark price, next funding rate and time, and session',
  }),
  order: post('/api/contract/order', {
    body: 'placePositionOrderBody',
    response: 'positionOrder',
    auth: 'user',
    summary: 'Open or add to a long or short position, market or limit entry (idempotent)',
  }),
  cancelOrder: post('/api/contract/cancelorder', {
    body: 'positionIdBody',
    response: 'positionOrder',
    auth: 'user',
    summary: 'Cancel a resting limit entry, releasing what it holds',
  }),
  orderList: post('/api/contract/orderlist', {
    body: 'positionOrdersBody',
    response: 'positionOrderPage',
    auth: 'user',
    summary: 'Open limit entries, or finished orders',
  }),
  positions: post('/api/contract/positions', {
    body: 'positionsBody',
    response: 'positionList',
    auth: 'user',
    summary: 'Open positions (perpetuals and CFDs) with live numbers at the mark',
  }),
  close: post('/api/contract/close', {
    body: 'closePositionBody',
    response: 'positionOrder',
    auth: 'user',
    summary: 'Close a position at market, fully or some lots (idempotent)',
  }),
  reverse: post('/api/contract/reverse', {
    body: 'reversePositionBody',
    response: 'positionOrder',
    auth: 'user',
    summary: 'Close all lots and open as many on the other side, in one transaction (idempotent)',
  }),
  closeAll: post('/api/contract/closeall', {
    body: 'closeAllBody',
    response: 'closeAllResult',
    auth: 'user',
    summary: 'Close every open position at market (idempotent); lists those left open and why',
  }),
  tpsl: post('/api/contract/tpsl', {
    body: 'positionTpSlBody',
    response: 'position',
    auth: 'user',
    summary: 'Set or clear a position’s take-profit and stop-loss',
  }),
  history: post('/api/contract/history', {
    body: 'positionHistoryBody',
    response: 'closedPositionPage',
    auth: 'user',
    summary:
      'Closed (and partly closed) positions: size closed, average exit, realised PnL, fees, funding and each close',
  }),
});

/** CFDs on the seed's `/api/stock/*` calls, the same engine as perpetuals. */
export const stockEndpoints = endpoints('cfd', {
  detail: post('/api/stock/detail', {
    body: 'positionDetailBody',
    response: 'positionDetail',
    auth: 'optional',
    summary: 'A CFD’s rules (stamp duty, leverage cap), price and session',
  }),
  order: post('/api/stock/order', {
    body: 'placePositionOrderBody',
    response: 'positionOrder',
    auth: 'user',
    summary: 'Open a CFD position; freezes exactly the prepaid amount (idempotent)',
  }),
  orderList: post('/api/stock/orderlist', {
    body: 'positionOrdersBody',
    response: 'positionOrderPage',
    auth: 'user',
    summary: 'CFD orders: open limit entries, or finished ones',
  }),
  orderDetail: post('/api/stock/orderdetail', {
    body: 'positionIdBody',
    response: 'positionOrderDetail',
    auth: 'user',
    summary: 'A CFD order and its position',
  }),
  dealOrder: post('/api/stock/dealorder', {
    body: 'closeCfdBody',
    response: 'positionOrder',
    auth: 'user',
    summary: 'Close a CFD position at market, fully or some lots (idempotent)',
  }),
  dealOrderList: post('/api/stock/dealorderlist', {
    body: 'cfdHistoryBody',
    response: 'closedPositionPage',
    auth: 'user',
    summary: 'Closed (and partly closed) CFD positions with each close',
  }),
  pageData: post('/api/stock/pagedata', {
    body: 'cfdPageBody',
    response: 'cfdPage',
    auth: 'optional',
    summary: 'CFD instruments by class with price and session state',
  }),
  cancelOrder: post('/api/stock/cancelorder', {
    body: 'positionIdBody',
    response: 'positionOrder',
    auth: 'user',
    summary: 'Cancel a resting CFD limit entry',
  }),
});
