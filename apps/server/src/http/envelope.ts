import { SUCCESS_CODE } from '@otc/protocol/envelope';
import type { FastifyRequest } from 'fastify';
import { translate } from '../i18n/translate.ts';

/** The success envelope `{code: 200, msg, data}` with `msg` in the request's language. */
export function ok<T>(req: FastifyRequest, data: T) {
  return { code: SUCCESS_CODE, msg: translate(req.lang, 'success'), data } as const;
}
