import type { emptyBody } from '../contract.ts';
import { endpoints, get, post } from '../endpoint.ts';
import type {
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

/** Seconds contracts: up or down over 30 s to 5 min, settled by the index ticks alone. */
export const secondsEndpoints = endpoints('seconds', {
  products: get<undefined, typeof secondsProducts>('/api/seconds/products', {
    auth: 'public',
    summary:
      'The instruments offering seconds contracts, their periods, ratios and break-even hit rates, the stake range and the share of accounts that lost money over 90 days',
  }),
  access: post<typeof emptyBody, typeof secondsAccess>('/api/seconds/access', {
    auth: 'user',
    summary:
      'Whether the caller may buy seconds contracts, and if not why (the product or their country is off)',
  }),
  place: post<typeof placeSecondsBody, typeof secondsOrder>('/api/seconds/order', {
    auth: 'user',
    summary:
      'Buy a contract (idempotent): the stake is frozen from the contract account; the buy price is the first index tick after acceptance',
  }),
  orders: post<typeof secondsOrdersBody, typeof secondsOrdersPage>('/api/seconds/orders', {
    auth: 'user',
    summary: 'The caller’s contracts: open (in trading, waiting for settlement) or completed',
  }),
  order: post<typeof secondsOrderBody, typeof secondsOrder>('/api/seconds/orderdetail', {
    auth: 'user',
    summary: 'One contract with its buy and settlement ticks (source, time, price)',
  }),
});

/** The back office: the switch (globally and per country) and each instrument's ratios; never an outcome. */
export const secondsAdminEndpoints = endpoints('admin', {
  settings: get<undefined, typeof adminSecondsSettings>('/api/admin/seconds/settings', {
    auth: 'operator',
    summary: 'Seconds contracts: the global and per-country switch and each instrument’s periods and ratios',
  }),
  switch: post<typeof adminSecondsSwitchBody, typeof adminSecondsSettings>('/api/admin/seconds/switch', {
    auth: 'operator',
    roles: ['admin'],
    summary: 'Switch seconds contracts on or off, globally and for verified nationalities (admin, audited)',
  }),
  ratios: post<typeof adminSecondsRatiosBody, typeof adminSecondsSettings>('/api/admin/seconds/ratios', {
    auth: 'operator',
    roles: ['admin'],
    summary: 'Set an instrument’s profit ratio per period, for new contracts only (admin, audited)',
  }),
});
