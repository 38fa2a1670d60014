/**
 * Every error the API can answer, by key, with the code it carries in the envelope (and as HTTP
 * status). The server translates the key into the request's language; the client shows `msg`
 * and may branch on `data.error` (the key).
 */
export const ERRORS = {
  invalid_input: 400,
  field_required: 400,
  field_invalid: 400,
  field_too_long: 400,
  password_weak: 400,
  password_mismatch: 400,
  agreement_required: 400,
  code_invalid: 400,
  code_expired: 400,
  code_too_many_attempts: 400,
  captcha_required: 400,
  captcha_invalid: 400,
  invite_code_invalid: 400,
  siwe_invalid: 400,
  siwe_domain_mismatch: 400,
  siwe_nonce_invalid: 400,
  siwe_expired: 400,
  wallet_type_unsupported: 400,
  unauthorized: 401,
  login_failed: 401,
  forbidden: 403,
  account_disabled: 403,
  outcome_setting_unsupported: 403,
  allowance_unsupported: 403,
  not_found: 404,
  account_not_found: 404,
  account_exists: 409,
  code_resend_too_soon: 429,
  rate_limited: 429,
  internal: 500,
  not_available_yet: 501,
} as const;

export type ErrorKey = keyof typeof ERRORS;
export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];
export type ErrorCode = (typeof ERRORS)[ErrorKey];
