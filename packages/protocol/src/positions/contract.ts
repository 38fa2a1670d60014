import { contract } from '../contract.ts';
import { contractEndpoints, stockEndpoints } from './endpoints.ts';
import {
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

export const perpContract = contract(contractEndpoints, {
  detail: { body: positionDetailBody, response: positionDetail },
  order: { body: placePositionOrderBody, response: positionOrder },
  cancelOrder: { body: positionIdBody, response: positionOrder },
  orderList: { body: positionOrdersBody, response: positionOrderPage },
  positions: { body: positionsBody, response: positionList },
  close: { body: closePositionBody, response: positionOrder },
  reverse: { body: reversePositionBody, response: positionOrder },
  closeAll: { body: closeAllBody, response: closeAllResult },
  tpsl: { body: positionTpSlBody, response: position },
  history: { body: positionHistoryBody, response: closedPositionPage },
});

export const stockContract = contract(stockEndpoints, {
  detail: { body: positionDetailBody, response: positionDetail },
  order: { body: placePositionOrderBody, response: positionOrder },
  orderList: { body: positionOrdersBody, response: positionOrderPage },
  orderDetail: { body: positionIdBody, response: positionOrderDetail },
  dealOrder: { body: closeCfdBody, response: positionOrder },
  dealOrderList: { body: cfdHistoryBody, response: closedPositionPage },
  pageData: { body: cfdPageBody, response: cfdPage },
  news: { body: newsBody, response: newsList },
  cancelOrder: { body: positionIdBody, response: positionOrder },
});
