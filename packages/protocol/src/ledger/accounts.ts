/** PRODUCT.md "Accounts and money": three accounts per user. Zod-free, so the web's pages can import it. */
export const USER_ACCOUNT_KINDS = ['funding', 'contract', 'fiat'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
