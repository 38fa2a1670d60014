import type { ErrorKey } from '@otc/protocol/errors';

/** Keys for failures that never reached the server's envelope. */
export type ClientErrorKey = 'network_error' | 'timeout' | 'bad_response' | 'aborted';

/**
 * The one error every request rejects with: the envelope's code and message, the server's error key
 * (passed through as sent, so a key this build does not know yet still shows its message) and field
 * when it sent them, and whether a toast already showed it.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly key: ErrorKey | ClientErrorKey;
  readonly field: string | undefined;
  readonly shown: boolean;

  constructor(init: {
    code: number;
    msg: string;
    key: ErrorKey | ClientErrorKey;
    field?: string;
    shown: boolean;
  }) {
    super(init.msg);
    this.name = 'ApiError';
    this.code = init.code;
    this.msg = init.msg;
    this.key = init.key;
    this.field = init.field;
    this.shown = init.shown;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Errors that concern one entry of a form although the server names no field (a wrong code is
 * about the code field): the fields a form may show them under, the first the form has.
 */
const FIELDS_OF_KEY: Partial<Record<ErrorKey, readonly string[]>> = {
  code_invalid: ['code'],
  code_expired: ['code'],
  code_too_many_attempts: ['code'],
  // Asked under `totpCode` by the money moves (decision 0158); their code box is named `code`.
  totp_code_required: ['totpCode', 'code'],
  totp_code_wrong: ['totpCode', 'code'],
  captcha_required: ['captcha'],
  captcha_invalid: ['captcha'],
  login_failed: ['password'],
  trade_password_wrong: ['tradePassword'],
  trade_password_required: ['tradePassword'],
  recipient_unknown: ['toUserId'],
  recipient_self: ['toUserId'],
  insufficient_balance: ['amount', 'qty'],
  amount_invalid: ['amount'],
  amount_too_large: ['amount'],
  amount_precision: ['amount'],
  price_off_tick: ['price'],
  price_required: ['price'],
  qty_off_lot: ['qty'],
  below_min_notional: ['qty'],
};

/** Server field names a form shows under another entry: its one account field holds either. */
const FIELD_ALIASES: Readonly<Record<string, string>> = { email: 'account', phone: 'account' };

export interface FieldError<F extends string> {
  field: F;
  message: string;
}

/**
 * The one mapping from a failed request to where its message shows: under the entry of `fields`
 * it concerns (the server's field, else the field its key implies), or null when it concerns no
 * entry of this form and is a result to toast.
 */
export function fieldErrorOf<F extends string>(error: unknown, fields: readonly F[]): FieldError<F> | null {
  if (!isApiError(error) || !error.msg) return null;
  const candidates = [
    error.field,
    error.field && FIELD_ALIASES[error.field],
    ...(FIELDS_OF_KEY[error.key as ErrorKey] ?? []),
  ];
  const field = candidates.find((name): name is F => Boolean(name) && fields.includes(name as F));
  return field ? { field, message: error.msg } : null;
}

/** The message of a failure that concerns no field, unless the client already toasted it. */
export function messageToToast(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.shown || error.key === 'aborted' || !error.msg ? null : error.msg;
}
