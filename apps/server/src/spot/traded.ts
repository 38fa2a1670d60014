import type { SpotBook, Trade } from '@otc/core';
import type { SpotDepth } from '@otc/protocol/spot/schemas';
import type { BalanceAfter } from '../postings/index.ts';
import type { OrderRow } from './rows.ts';

/**
 * The types spot trades with on the pipeline (`trading/policy.ts`): what its policy matches,
 * settles and publishes. A file of its own, as the policy and its settlement both name it.
 */
export interface SpotTraded {
  order: OrderRow;
  trade: Trade;
  book: SpotBook;
  balance: BalanceAfter;
  depth: SpotDepth;
}
