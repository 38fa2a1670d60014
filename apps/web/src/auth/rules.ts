import { isE164, toE164 } from '@otc/protocol/auth/phone';
import { CODE_PATTERN, EMAIL_MAX, EMAIL_PATTERN, INVITE_CODE_PATTERN } from '@otc/protocol/auth/rules';

// The rules themselves live in @otc/protocol/auth/rules (no zod), shared with the server.
export { isStrongPassword, PASSWORD_MIN } from '@otc/protocol/auth/rules';

export function isEmail(value: string): boolean {
  const email = value.trim().toLowerCase();
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
}

/** A valid mobile number in E.164, the form the server stores (libphonenumber's metadata decides). */
export function isPhone(value: string): boolean {
  return isE164(value);
}

export function isVerificationCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}

export function isInviteCode(value: string): boolean {
  return INVITE_CODE_PATTERN.test(value);
}

/** Drops the spaces, dashes, dots and brackets people type inside phone numbers. */
export function normalizePhone(value: string): string {
  return value.trim().replace(/[\s\-().]/g, '');
}

/** Digits (with the spaces and signs people type) but no +: a mobile number without its calling code. */
export function looksLikeLocalNumber(value: string): boolean {
  return /^[\d\s\-().]*\d[\d\s\-().]*$/.test(value.trim());
}

/** A login account: an email is trimmed; a phone number goes in E.164 when it is one. */
export function normalizeAccount(value: string): string {
  const trimmed = value.trim();
  return /^\+?[\d\s\-().]+$/.test(trimmed) ? (toE164(trimmed) ?? normalizePhone(trimmed)) : trimmed;
}

/** The account as it is sent for a registration or reset of the given kind. */
export function normalizeFor(type: 'email' | 'mobile', value: string): string {
  return type === 'email' ? value.trim() : normalizePhone(value);
}
