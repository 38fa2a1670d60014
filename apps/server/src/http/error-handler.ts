import type { ErrorDetail } from '@otc/protocol/envelope';
import { ERRORS, type ErrorKey } from '@otc/protocol/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailable } from '../db/unavailable.ts';
import { fieldName, translate } from '../i18n/translate.ts';
import { AppError } from './errors.ts';
import { trackRouteMethods } from './route-methods.ts';

/**
 * The one place that renders errors: every failure leaves as a translated `{code, msg, data}`.
 * Installed before any route, so it learns every path's methods for the 405 below.
 */
export function installErrorHandler(app: FastifyInstance) {
  const methodsOf = trackRouteMethods(app);
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return send(req, reply, err);
    if (hasZodFastifySchemaValidationErrors(err)) return send(req, reply, fromValidation(err));
    if (err.statusCode === 429) return send(req, reply, new AppError('rate_limited'));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type, a body over the limit: the client's fault, said plainly.
      req.log.info({ err: { code: err.code, message: err.message } }, 'rejected request');
      return send(req, reply, new AppError(err.statusCode === 401 ? 'unauthorized' : 'invalid_input'));
    }
    if (databaseUnavailable(err)) {
      // Logged per request at warn: the outage itself is visible in /readyz and the database's logs.
      req.log.warn({ err: { code: err.code, message: err.message } }, 'database unavailable');
      return send(req, reply, new AppError('service_unavailable'));
    }
    req.log.error({ err }, 'unhandled error');
    return send(req, reply, new AppError('internal'));
  });
  app.setNotFoundHandler((req, reply) => {
    // A path that exists under other methods (a GET on a POST call) is told which ones to use.
    const allowed = methodsOf(req.url);
    if (allowed.length === 0) return send(req, reply, new AppError('not_found'));
    reply.header('allow', allowed.join(', '));
    const params = { allowed: allowed.join(', ') };
    return send(req, reply, new AppError('method_not_allowed', params, undefined, { allowed }));
  });
}

function send(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  const params = err.field ? { ...err.params, field: fieldName(req.lang, err.field) } : err.params;
  const data: ErrorDetail = { error: err.key, ...err.extra, requestId: req.id };
  if (err.field) data.field = err.field;
  return reply.code(err.status).send({ code: err.status, msg: translate(req.lang, err.key, params), data });
}

type ValidationIssue = {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
};

/** The first schema issue, told as "please enter X", "X is too long" or "X is not valid". */
function fromValidation(err: { validation: unknown[]; validationContext?: string }): AppError {
  const issue = err.validation[0] as ValidationIssue;
  const path = issue.instancePath.split('/').filter(Boolean);
  const unknownKey =
    issue.keyword === 'unrecognized_keys' ? (issue.params?.keys as string[] | undefined)?.[0] : undefined;
  const field = unknownKey ?? path[0] ?? err.validationContext ?? 'body';
  const missing = issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '');
  const tooLong = issue.keyword === 'too_big' && issue.params?.origin === 'string';
  const named = (issue.params?.params as { error?: unknown } | undefined)?.error;
  const key: ErrorKey =
    typeof named === 'string' && named in ERRORS
      ? (named as ErrorKey)
      : missing
        ? 'field_required'
        : tooLong
          ? 'field_too_long'
          : 'field_invalid';
  return new AppError(key, {}, field);
}
