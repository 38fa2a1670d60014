import { contract } from '../contract.ts';
import { exchangeEndpoints } from './endpoints.ts';
import { exchangeLogBody, exchangePage, exchangeRecord, executeBody, quote, quoteBody } from './schemas.ts';

export const exchangeContract = contract(exchangeEndpoints, {
  quote: { body: quoteBody, response: quote },
  execute: { body: executeBody, response: exchangeRecord },
  log: { body: exchangeLogBody, response: exchangePage },
});
