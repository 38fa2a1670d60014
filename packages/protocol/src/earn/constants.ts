/** Earn products (issue 26): zod-free, so the web's pages can import it. */

/** The three kinds of product the seed shows, on one engine: managed (escrow), arbitrage, mining hardware. */
export const EARN_KINDS = ['managed', 'arbitrage', 'mining'] as const;
export type EarnKind = (typeof EARN_KINDS)[number];

/** What products are in, and the account principal is locked in and yield is paid to. */
export const EARN_ASSET = 'USDT';
export const EARN_ACCOUNT = 'funding';
