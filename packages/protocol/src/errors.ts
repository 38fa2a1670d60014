import { type AreaErrors, recordsOf } from './areas.ts';

/** The errors many areas answer (an area's own are in its `area.ts`). */
const SHARED_ERRORS = {
  invalid_input: 400,
  field_required: 400,
  field_invalid: 400,
  field_too_long: 400,
  password_weak: 400,
  password_mismatch: 400,
  amount_invalid: 400,
  amount_too_large: 400,
  amount_precision: 400,
  asset_unknown: 400,
  channel_unknown: 400,
  too_many_channels: 400,
  insufficient_balance: 400,
  trade_password_required: 400,
  trade_password_wrong: 400,
  idempotency_conflict: 409,
  already_decided: 409,
  market_closed: 409,
  unauthorized: 401,
  session_ended: 401,
  forbidden: 403,
  account_disabled: 403,
  outcome_setting_unsupported: 403,
  demo_not_allowed: 403,
  not_found: 404,
  account_not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal: 500,
  not_available_yet: 501,
  trading_unavailable: 503,
  service_unavailable: 503,
} as const;

type Errors = typeof SHARED_ERRORS & AreaErrors;

/**
 * Every error the API can answer, by key, with the code it carries in the envelope (and as HTTP
 * status): the shared ones and each area's. The server translates the key into the request's
 * language; the client shows `msg` and may branch on `data.error` (the key).
 */
export const ERRORS: Errors = joinErrors();

export type ErrorKey = keyof Errors;
export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];
export type ErrorCode = Errors[ErrorKey];

/** The shared errors and every listed area's; a key declared twice fails here, at load. */
function joinErrors(): Errors {
  const areas: Record<string, number> = recordsOf('errors');
  const twice = Object.keys(areas).filter((key) => key in SHARED_ERRORS);
  if (twice.length > 0) throw new Error(`shared errors an area declares again: ${twice.join(', ')}`);
  return { ...SHARED_ERRORS, ...areas } as Errors;
}
