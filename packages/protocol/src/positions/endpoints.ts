import { endpoints, post } from '../endpoint.ts';
import type {
  cfdHistoryBody,
  cfdPage,
  cfdPageBody,
  closeAllBody,
  closeAllResult,
  closeCfdBody,
  closedPositionPage,
  closePositionBody,
  newsBody,
  newsList,
  placePositionOrderBody,
  position,
  positionDetail,
  positionDetailBody,
  positionHistoryBody,
  positionIdBody,
  positionList,
  positionOrder,
  positionOrderDetail,
  positionOrderPage,
  positionOrdersBody,
  positionsBody,
  positionTpSlBody,
  reversePositionBody,
} from './schemas.ts';

/** Perpetual contracts' calls (zod-free: the schemas are named as types only). */
export const contractEndpoints = endpoints('contract', {
  detail: post<typeof positionDetailBody, typeof positionDetail>('/api/contract/detail', {
    auth: 'public',
    summary: 'A perpetual’s rules, mark price, next funding rate and time, and session',
  }),
  order: post<typeof placePositionOrderBody, typeof positionOrder>('/api/contract/order', {
    auth: 'user',
    summary: 'Open or add to a long or short position, market or limit entry (idempotent)',
  }),
  cancelOrder: post<typeof positionIdBody, typeof positionOrder>('/api/contract/cancelorder', {
    auth: 'user',
    summary: 'Cancel a resting limit entry, releasing what it holds',
  }),
  orderList: post<typeof positionOrdersBody, typeof positionOrderPage>('/api/contract/orderlist', {
    auth: 'user',
    summary: 'Open limit entries, or finished orders',
  }),
  positions: post<typeof positionsBody, typeof positionList>('/api/contract/positions', {
    auth: 'user',
    summary: 'Open positions (perpetuals and CFDs) with live numbers at the mark',
  }),
  close: post<typeof closePositionBody, typeof positionOrder>('/api/contract/close', {
    auth: 'user',
    summary: 'Close a position at market, fully or some lots (idempotent)',
  }),
  reverse: post<typeof reversePositionBody, typeof positionOrder>('/api/contract/reverse', {
    auth: 'user',
    summary: 'Close all lots and open as many on the other side, in one transaction (idempotent)',
  }),
  closeAll: post<typeof closeAllBody, typeof closeAllResult>('/api/contract/closeall', {
    auth: 'user',
    summary: 'Close every open position at market (idempotent); lists those left open and why',
  }),
  tpsl: post<typeof positionTpSlBody, typeof position>('/api/contract/tpsl', {
    auth: 'user',
    summary: 'Set or clear a position’s take-profit and stop-loss',
  }),
  history: post<typeof positionHistoryBody, typeof closedPositionPage>('/api/contract/history', {
    auth: 'user',
    summary:
      'Closed (and partly closed) positions: size closed, average exit, realised PnL, fees, funding and each close',
  }),
});

/** CFDs on the seed's `/api/stock/*` calls, the same engine as perpetuals. */
export const stockEndpoints = endpoints('cfd', {
  detail: post<typeof positionDetailBody, typeof positionDetail>('/api/stock/detail', {
    auth: 'public',
    summary: 'A CFD’s rules (stamp duty, leverage cap), price and session',
  }),
  order: post<typeof placePositionOrderBody, typeof positionOrder>('/api/stock/order', {
    auth: 'user',
    summary: 'Open a CFD position; freezes exactly the prepaid amount (idempotent)',
  }),
  orderList: post<typeof positionOrdersBody, typeof positionOrderPage>('/api/stock/orderlist', {
    auth: 'user',
    summary: 'CFD orders: open limit entries, or finished ones',
  }),
  orderDetail: post<typeof positionIdBody, typeof positionOrderDetail>('/api/stock/orderdetail', {
    auth: 'user',
    summary: 'A CFD order and its position',
  }),
  dealOrder: post<typeof closeCfdBody, typeof positionOrder>('/api/stock/dealorder', {
    auth: 'user',
    summary: 'Close a CFD position at market, fully or some lots (idempotent)',
  }),
  dealOrderList: post<typeof cfdHistoryBody, typeof closedPositionPage>('/api/stock/dealorderlist', {
    auth: 'user',
    summary: 'Closed (and partly closed) CFD positions with each close',
  }),
  pageData: post<typeof cfdPageBody, typeof cfdPage>('/api/stock/pagedata', {
    auth: 'public',
    summary: 'CFD instruments by class with price and session state',
  }),
  news: post<typeof newsBody, typeof newsList>('/api/stock/news', {
    auth: 'public',
    summary: 'An instrument’s news (none yet: no news source)',
  }),
  cancelOrder: post<typeof positionIdBody, typeof positionOrder>('/api/stock/cancelorder', {
    auth: 'user',
    summary: 'Cancel a resting CFD limit entry',
  }),
});
