import { move, parseUnits, platformAccount, userAccount } from '@otc/core';
import type { Queryable } from '../db/db.ts';
import { post } from './post.ts';

/** PRODUCT.md §2.4: a demo user starts with 100,000 demo USDT from the demo treasury. */
export const DEMO_GRANT = { asset: 'USDT', amount: parseUnits('100000') };

export async function grantDemoFunds(q: Queryable, userId: string): Promise<void> {
  await post(q, {
    realm: 'demo',
    kind: 'demo.grant',
    reference: userId,
    legs: move(
      platformAccount('treasury'),
      userAccount(userId, 'funding'),
      DEMO_GRANT.asset,
      DEMO_GRANT.amount,
    ),
  });
}
