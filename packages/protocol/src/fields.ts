import { z } from 'zod';

/**
 * Field rules shared by the server (which enforces them) and the clients (which check them early).
 * PRODUCT.md "Accounts and security": passwords of at least 8 characters with a letter and a digit;
 * verification codes of 6 digits.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

export const email = z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email());
/** Mobile numbers in international form: +, country code and number, 7 to 15 digits in all. */
export const phone = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/);
export const password = z.string().min(1).max(PASSWORD_MAX);
export const verificationCode = z.string().regex(/^\d{6}$/);
export const inviteCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,16}$/);
export const captchaAnswer = z.string().trim().min(1).max(12);
export const captchaId = z.uuid();
/** Decimal amounts travel as strings, never as JSON numbers. */
export const decimalString = z.string().regex(/^-?\d{1,20}(\.\d{1,18})?$/);

export function isStrongPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN && /[A-Za-z]/.test(value) && /\d/.test(value);
}
