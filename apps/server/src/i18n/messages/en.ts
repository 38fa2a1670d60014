/**
 * Server messages in English: the reference catalogue. Every other language file must have every
 * key (the type makes it so; test/unit/i18n.test.ts checks the placeholders match too).
 * `{{name}}` is replaced by a parameter.
 */
export const en = {
  success: 'Operation successful',

  // Error keys (packages/protocol/src/errors.ts).
  invalid_input: 'The request is not valid.',
  field_required: 'Please enter {{field}}.',
  field_invalid: '{{field}} is not valid.',
  field_too_long: '{{field}} is too long.',
  password_weak: 'The password needs at least 8 characters with a letter and a digit.',
  password_mismatch: 'The two passwords do not match.',
  agreement_required: 'Please confirm the agreement',
  code_invalid: 'The verification code is wrong.',
  code_expired: 'The verification code has expired or was already used. Please request a new one.',
  code_too_many_attempts: 'Too many wrong codes. Please request a new one.',
  captcha_required: 'Please enter the captcha.',
  captcha_invalid: 'The captcha is wrong or has expired. Please try the new one.',
  invite_code_invalid: 'This invite code does not exist.',
  siwe_invalid: 'The wallet signature could not be verified.',
  siwe_domain_mismatch: 'This sign-in request was made for another website.',
  siwe_nonce_invalid: 'This sign-in request was already used or is unknown. Please sign again.',
  siwe_expired: 'This sign-in request has expired. Please sign again.',
  wallet_type_unsupported: 'This wallet type is not supported.',
  unauthorized: 'Please log in.',
  login_failed: 'The account or password is wrong.',
  forbidden: 'You do not have permission to do this.',
  account_disabled: 'This account is disabled.',
  outcome_setting_unsupported: 'Outcome setting is not supported: prices decide outcomes.',
  allowance_unsupported:
    'Token allowances are not used: deposits are exact-amount transfers you confirm in your wallet.',
  not_found: 'Not found.',
  account_not_found: 'No account is registered with {{field}}.',
  account_exists: 'An account with {{field}} already exists.',
  code_resend_too_soon: 'Please wait {{seconds}} s before requesting another code.',
  rate_limited: 'Too many requests. Please try again in a moment.',
  internal: 'Something went wrong on our side. Please try again.',
  not_available_yet: 'This feature is not available yet.',

  // Field names, as used in the messages above.
  'field.account': 'your account',
  'field.email': 'your email',
  'field.phone': 'your phone number',
  'field.code': 'the verification code',
  'field.password': 'your password',
  'field.confirmPassword': 'the password confirmation',
  'field.inviteCode': 'the invite code',
  'field.captcha': 'the captcha',
  'field.captchaId': 'the captcha',
  'field.agree': 'the agreement',
  'field.purpose': 'the purpose',
  'field.type': 'the account type',
  'field.address': 'the wallet address',
  'field.signature': 'the signature',
  'field.message': 'the sign-in message',
  'field.wallet_type': 'the wallet type',
  'field.chainId': 'the chain',
  'field.userId': 'the user ID',
  'field.status': 'the status',
  'field.role': 'the role',
  'field.page': 'the page',
  'field.pageSize': 'the page size',
  'field.q': 'the search',
  'field.kind': 'the account kind',
  'field.target': 'the recipient',
  'field.action': 'the action',
  'field.body': 'the request',

  // Verification code delivery.
  'code.subject': 'Your OTC Markets verification code',
  'code.body.register':
    'Your code to create your OTC Markets account is {{code}}. It is valid for {{minutes}} minutes. If you did not ask for it, ignore this message.',
  'code.body.reset':
    'Your code to reset your OTC Markets password is {{code}}. It is valid for {{minutes}} minutes. If you did not ask for it, ignore this message and keep your password.',
  'captcha.subject': 'Captcha answer (development echo)',

  // Demo users.
  'demo.nickname': 'Demo trader',
  'wallet.statement':
    'Sign in to OTC Markets. This request will not trigger a blockchain transaction or cost any gas.',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
