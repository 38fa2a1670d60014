import { endpoints, post } from '../endpoint.ts';
import type {
  exchangeLogBody,
  exchangePage,
  exchangeRecord,
  executeBody,
  quote,
  quoteBody,
} from './schemas.ts';

/** The flash exchange: quote, then execute before the quote expires. */
export const exchangeEndpoints = endpoints('exchange', {
  quote: post<typeof quoteBody, typeof quote>('/api/exchange/quote', {
    auth: 'user',
    summary: 'A flash exchange quote at the index price less 0.1%, valid 10 s',
  }),
  execute: post<typeof executeBody, typeof exchangeRecord>('/api/exchange/execute', {
    auth: 'user',
    summary: 'Execute a quote before it expires (idempotent)',
  }),
  log: post<typeof exchangeLogBody, typeof exchangePage>('/api/exchange/log', {
    auth: 'user',
    summary: 'Flash exchange records',
  }),
});
