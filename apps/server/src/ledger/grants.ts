import { move, parseUnits, platformAccount, userAccount } from '@otc/core';
import type { Queryable } from '../db/db.ts';
import { post } from '../postings/index.ts';

/** PRODUCT.md §2.4: a demo user starts with 100,000 demo USDT from the demo treasury. */
export const DEMO_GRANT = { asset: 'USDT', amount: parseUnits('100000') };

/**
 * Issue 24: and with 10,000 demo USDT more in the contract account, so Futures and Seconds open with
 * play money instead of 0.00 and a transfer to make first. Given beside the funding grant (not taken
 * from it), so the funding account still reads the 100,000 the product promises.
 */
export const DEMO_CONTRACT_GRANT = { asset: 'USDT', amount: parseUnits('10000') };

/** One journal: both grants exist together or not at all. Demo users made before issue 24 keep what they have. */
export async function grantDemoFunds(q: Queryable, userId: string): Promise<void> {
  await post(q, {
    realm: 'demo',
    kind: 'demo.grant',
    reference: userId,
    legs: [
      ...move(
        platformAccount('treasury'),
        userAccount(userId, 'funding'),
        DEMO_GRANT.asset,
        DEMO_GRANT.amount,
      ),
      ...move(
        platformAccount('treasury'),
        userAccount(userId, 'contract'),
        DEMO_CONTRACT_GRANT.asset,
        DEMO_CONTRACT_GRANT.amount,
      ),
    ],
  });
}
