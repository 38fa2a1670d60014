import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** Seconds contracts: up or down over 30 s to 5 min, settled by the index ticks alone. */
export const secondsEndpoints = endpoints('seconds', {
  products: get('/api/seconds/products', {
    response: 'secondsProducts',
    auth: 'public',
    summary:
      'The instruments offering seconds contracts, their periods, ratios and break-even hit rates, the stake range and the share of accounts that lost money over 90 days',
  }),
  access: post('/api/seconds/access', {
    body: 'emptyBody',
    response: 'secondsAccess',
    auth: 'user',
    summary:
      'Whether the caller may buy seconds contracts, and if not why (the product or their country is off)',
  }),
  place: post('/api/seconds/order', {
    body: 'placeSecondsBody',
    response: 'secondsOrder',
    auth: 'user',
    summary:
      'Buy a contract (idempotent): the stake is frozen from the contract account; the buy price is the first index tick after acceptance',
  }),
  orders: post('/api/seconds/orders', {
    body: 'secondsOrdersBody',
    response: 'secondsOrdersPage',
    auth: 'user',
    summary: 'The caller’s contracts: open (in trading, waiting for settlement) or completed',
  }),
  order: post('/api/seconds/orderdetail', {
    body: 'secondsOrderBody',
    response: 'secondsOrder',
    auth: 'user',
    summary: 'One contract with its buy and settlement ticks (source, time, price)',
  }),
  proof: post('/api/seconds/proof', {
    body: 'secondsOrderBody',
    response: 'secondsProof',
    auth: 'user',
    summary:
      "A settled contract's ticks in the index's hash chain, with the hash before them and each minute's published head, to recompute",
  }),
});

/** The back office: the switch (globally and per country) and each instrument's ratios; never an outcome. */
export const secondsAdminEndpoints = endpoints('admin', {
  settings: get('/api/admin/seconds/settings', {
    response: 'adminSecondsSettings',
    auth: 'operator',
    summary: 'Seconds contracts: the global and per-country switch and each instrument’s periods and ratios',
  }),
  switch: post('/api/admin/seconds/switch', {
    body: 'adminSecondsSwitchBody',
    response: 'adminSecondsSettings',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Switch seconds contracts on or off, globally and for verified nationalities (admin, audited)',
  }),
  ratios: post('/api/admin/seconds/ratios', {
    body: 'adminSecondsRatiosBody',
    response: 'adminSecondsSettings',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Set an instrument’s profit ratio per period, for new contracts only (admin, audited)',
  }),
});
