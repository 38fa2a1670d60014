import type { AreaVocabulary } from '../area.ts';

/** Sign-in and sessions: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const authVocabulary = {
  name: 'auth',
  noticeKinds: [
    /** An operator turned the user's two-factor sign-in off (a lost phone, after an identity check; decision 0158). */
    'auth.totp_reset',
  ],
  errors: {
    agreement_required: 400,
    code_invalid: 400,
    code_expired: 400,
    code_too_many_attempts: 400,
    captcha_required: 400,
    captcha_invalid: 400,
    phone_invalid: 400,
    invite_code_invalid: 400,
    siwe_invalid: 400,
    siwe_domain_mismatch: 400,
    siwe_nonce_invalid: 400,
    siwe_expired: 400,
    wallet_login_unavailable: 503,
    wallet_type_unsupported: 400,
    login_failed: 401,
    totp_code_required: 400,
    totp_code_wrong: 400,
    totp_challenge_invalid: 400,
    totp_not_set_up: 409,
    totp_already_enabled: 409,
    totp_not_enabled: 409,
    passkey_unavailable: 503,
    passkey_invalid: 400,
    passkey_challenge_invalid: 400,
    passkey_not_found: 404,
    account_exists: 409,
    code_resend_too_soon: 429,
  },
} as const satisfies AreaVocabulary;
