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
