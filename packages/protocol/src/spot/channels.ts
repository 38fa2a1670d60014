import type { Realm } from '../ledger/schemas.ts';

/**
 * The socket channels of a spot book (zod-free): its depth (the top 20 levels, conflated) and its
 * trades. The demo book's channels end in `:demo`. Payloads: `SpotDepth`, and `SpotTrade` lists.
 */
export function bookChannel(kind: 'depth' | 'trades', symbol: string, realm: Realm): string {
  return `${kind}:${symbol}${realm === 'demo' ? ':demo' : ''}`;
}
