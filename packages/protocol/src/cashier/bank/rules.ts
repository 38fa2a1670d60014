/**
 * Bank deposits' published rules (PRODUCT.md "Deposits"), zod-free so the web's deposit page can
 * show them: the minimum, the asset a bank deposit is credited in and the account it arrives in.
 */
export const BANK_DEPOSIT_MIN = '10';
export const BANK_DEPOSIT_ASSET = 'USDT';
/** Bank deposits arrive in the fiat account (PRODUCT.md "Accounts and money"). */
export const BANK_DEPOSIT_ACCOUNT = 'fiat';
/** The reference the user typed on their bank transfer. */
export const BANK_REFERENCE_MAX = 64;
export const BANK_REASON_MAX = 500;
export const BANK_NAME_MAX = 100;
export const BANK_NUMBER_MAX = 40;
export const BANK_INSTRUCTIONS_MAX = 500;
/** SWIFT/BIC: 4 letters bank, 2 letters country, 2 location, optionally 3 branch. */
export const SWIFT_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
/** Where a bank deposit's notification takes the user: the deposit records. */
export const BANK_DEPOSITS_LINK = '/pages/assets/rechargeList';
