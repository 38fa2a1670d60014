import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** Earn products: managed, arbitrage and mining, one engine (issue 26). */
export const earnEndpoints = endpoints('earn', {
  products: post('/api/earn/products', {
    body: 'earnProductsBody',
    response: 'earnProducts',
    auth: 'public',
    summary:
      'The earn products on offer: amount range, cycle, daily rate (or range), early-redemption penalty',
  }),
  cryptofinance: post('/api/common/cryptofinance', {
    body: 'emptyBody',
    response: 'cryptofinance',
    auth: 'public',
    summary: 'The earn products on offer, at the seed’s path',
  }),
  subscribe: post('/api/earn/subscribe', {
    body: 'earnSubscribeBody',
    response: 'earnSubscription',
    auth: 'user',
    summary:
      'Subscribe (idempotent, transaction password): the principal is locked in the funding account; the rate is fixed now',
  }),
  subscriptions: post('/api/earn/subscriptions', {
    body: 'earnSubscriptionsBody',
    response: 'earnSubscriptionsPage',
    auth: 'user',
    summary: 'The caller’s subscriptions with cumulative and today’s profit, expected and total earnings',
  }),
  redeem: post('/api/earn/redeem', {
    body: 'earnRedeemBody',
    response: 'earnSubscription',
    auth: 'user',
    summary:
      'Redeem early (idempotent, transaction password): principal back less the penalty, never more than the yield paid',
  }),
});

/** The products in the back office: read by any operator, edited by admins, audited. */
export const earnAdminEndpoints = endpoints('admin', {
  products: get('/api/admin/earn/products', {
    response: 'adminEarnProducts',
    auth: 'operator',
    summary: 'Earn products with their open subscriptions and locked principal',
  }),
  save: post('/api/admin/earn/products/save', {
    body: 'adminEarnProductBody',
    response: 'adminEarnProduct',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Create an earn product, or change one for new subscriptions only (admin, audited)',
  }),
});
