import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { post } = routesOn<typeof schemas>();

/** The flash exchange: quote, then execute before the quote expires. */
export const exchangeEndpoints = endpoints('exchange', {
  quote: post('/api/exchange/quote', {
    body: 'quoteBody',
    response: 'quote',
    auth: 'user',
    summary: 'A flash exchange quote at the index price less 0.1%, valid 10 s',
  }),
  execute: post('/api/exchange/execute', {
    body: 'executeBody',
    response: 'exchangeRecord',
    auth: 'user',
    summary: 'Execute a quote before it expires (idempotent)',
  }),
  log: post('/api/exchange/log', {
    body: 'exchangeLogBody',
    response: 'exchangePage',
    auth: 'user',
    summary: 'Flash exchange records',
  }),
});
