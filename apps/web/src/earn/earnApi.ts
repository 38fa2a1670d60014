import type { EarnKind } from '@otc/protocol/earn/constants';
import { earnEndpoints as earn } from '@otc/protocol/earn/endpoints';
import type { EarnRedeemBody, EarnSubscribeBody } from '@otc/protocol/earn/schemas';
import { call } from '../api/call.ts';
import { MONEY } from '../money/keys.ts';

/** Subscriptions sit under the money keys: a subscription or redemption moves money, and `useMoneyMoved` refreshes them too. */
export const earnKeys = {
  products: (kind: EarnKind) => ['earn', 'products', kind] as const,
  subscriptions: [MONEY, 'earn', 'subscriptions'] as const,
};

export const earnApi = {
  products: (kind: EarnKind) => call(earn.products, { kind }),
  /** The open ones first (the server's order); one page of 100 is what a user holds at most in practice. */
  subscriptions: () => call(earn.subscriptions, { page: 1, pageSize: 100 }),
  subscribe: (body: EarnSubscribeBody) => call(earn.subscribe, body),
  redeem: (body: EarnRedeemBody) => call(earn.redeem, body),
};
