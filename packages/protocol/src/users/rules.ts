/**
 * Security centre rules with no dependency, shared by the server (its schemas and checks) and the
 * web app (which checks early without zod). PRODUCT.md "Accounts and security", issue 14.
 */

/** A nickname is 1 to 20 characters once trimmed. */
export const NICKNAME_MAX = 20;

/** Wrong transaction passwords: this many within the window lock it for the rest of the window. */
export const TRADE_PASSWORD_MAX_FAILURES = 5;
export const TRADE_PASSWORD_WINDOW_MINUTES = 15;

/** The device a client reports (seed `phoneInfo`), as the server keeps it: capped, plain text. */
export const DEVICE_MAX = 80;
/** The header a client sends its device in when it opens a session. */
export const DEVICE_HEADER = 'x-device';

/** Which password guards money leaving the account. */
export const TRADE_PASSWORD_MODES = ['login', 'own', 'none'] as const;
export type TradePasswordMode = (typeof TRADE_PASSWORD_MODES)[number];
