import type { ErrorDetail } from '@otc/protocol/envelope';
import type { ErrorKey } from '@otc/protocol/errors';
import { ERRORS } from '@otc/protocol/errors';
import type { MessageParams } from '../i18n/translate.ts';

/** What an error adds to the envelope's data besides its key and field: a 405's allowed methods. */
export type ErrorExtra = Pick<ErrorDetail, 'allowed'>;

/**
 * The one error type of the server. Raised anywhere with a key from the protocol's catalogue,
 * rendered once by the error handler as a translated envelope.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly key: ErrorKey,
    readonly params: MessageParams = {},
    readonly field?: string,
    readonly extra: ErrorExtra = {},
  ) {
    super(key);
    this.status = ERRORS[key];
  }
}

export function fail(key: ErrorKey, params: MessageParams = {}, field?: string): never {
  throw new AppError(key, params, field);
}

/** For errors about one field: the message names the field in the request's language. */
export function failField(key: ErrorKey, field: string, params: MessageParams = {}): never {
  throw new AppError(key, params, field);
}
