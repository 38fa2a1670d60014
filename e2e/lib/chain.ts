import { inject } from 'vitest';
import { connectDevChain } from '../../apps/server/test/integration/chain/dev-chain.ts';

/**
 * The dev chain the e2e server runs on (started by e2e/global-setup.ts, a block a second): funded
 * dev accounts with their keys (account 0 holds the USDT supply, account 1 is the hot wallet),
 * `transferUsdt`, `mine`, `usdtBalance`, `snapshot` / `revert` (see apps/server/test/integration/chain/dev-chain.ts).
 */
export function devChain() {
  return connectDevChain(inject('devChain'));
}
