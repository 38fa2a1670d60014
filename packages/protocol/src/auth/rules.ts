/**
 * Field rules with no dependency, shared by the server (fields.ts builds its zod schemas from
 * them) and the web app (which checks early without carrying zod in its first screens).
 * PRODUCT.md "Accounts and security".
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/**
 * A mobile number as people type it: digits with the spaces, dashes, dots and brackets they put in,
 * perhaps a leading +. Only its shape: whether it is a number at all is for libphonenumber
 * (auth/phone.ts), which knows each country's numbering plan.
 */
export const PHONE_TYPED_PATTERN = /^\+?[\d\s().-]{4,32}$/;
/** ISO 3166 alpha-2: the region whose calling code a national number is read in. */
export const REGION_PATTERN = /^[A-Z]{2}$/;
export const CODE_PATTERN = /^\d{6}$/;
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

/** At least 8 characters with a letter and a digit. */
export function isStrongPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN && /[A-Za-z]/.test(value) && /\d/.test(value);
}

/** Seed §3 and §9: the wallet login's wallet_type for an EVM wallet (here, so the web app needs no zod for it). */
export const WALLET_TYPE_EVM = 2;
