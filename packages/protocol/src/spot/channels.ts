import type { Realm } from '../ledger/schemas.ts';
import type { SpotTrade } from './schemas.ts';

/**
 * The socket channels of a spot book (zod-free): its depth (the top 20 levels, conflated) and its
 * trades. The demo book's channels end in `:demo`. Payloads: `SpotDepth`, and `BookTrade[]`.
 */
export function bookChannel(kind: 'depth' | 'trades', symbol: string, realm: Realm): string {
  return `${kind}:${symbol}${realm === 'demo' ? ':demo' : ''}`;
}

/**
 * One trade on a book's trades channel (oldest first in a frame): a `SpotTrade`, its `id` the one
 * the recent trades list (REST) gives it, so a screen merges the two by id.
 */
export type BookTrade = SpotTrade;
