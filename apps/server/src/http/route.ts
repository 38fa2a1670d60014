import type { Contract } from '@otc/protocol/contract';
import { envelope } from '@otc/protocol/envelope';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { ok } from './envelope.ts';

type Parsed<S> = S extends ZodType ? z.output<S> : undefined;
type Schemas<C extends Contract> = C['schemas'];

/** The request as the handler sees it: the body (a GET's query) already parsed by the contract's schema. */
export type RequestOf<C extends Contract> = FastifyRequest &
  (C['method'] extends 'GET' ? { query: Parsed<Schemas<C>['body']> } : { body: Parsed<Schemas<C>['body']> });

/** What the handler answers: the `data` of the success envelope, as the response schema takes it. */
export type AnswerOf<C extends Contract> = Schemas<C>['response'] extends ZodType
  ? z.input<Schemas<C>['response']>
  : never;

/** What the OpenAPI document says of a call demo accounts may not make. */
export const LIVE_ONLY = 'Live accounts only: a demo user is refused (403).';

/**
 * Registers one endpoint of a contract: its method and path, its schemas (a GET's as the query
 * string, the response inside the success envelope) for validation and the OpenAPI document, and
 * who may call it (`config.auth` and `config.roles`, read by the guard). The handler returns the
 * data; this wraps it in the envelope. `config` adds what the contract does not say (a rate limit).
 */
export function route<C extends Contract>(
  app: FastifyInstance,
  c: C,
  handler: (req: RequestOf<C>) => Promise<AnswerOf<C>>,
  config: FastifyContextConfig = {},
): void {
  const { body, response } = c.schemas as { body?: ZodType; response?: ZodType };
  app.route({
    method: c.method,
    url: c.path,
    schema: {
      tags: [c.tag],
      summary: c.summary,
      ...(c.live ? { description: LIVE_ONLY } : {}),
      // Shown in the document, so a reader (and Swagger's Authorize) knows the call needs the token.
      ...(c.auth === 'public'
        ? {}
        : { security: c.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }] }),
      ...(body ? (c.method === 'GET' ? { querystring: body } : { body }) : {}),
      ...(response ? { response: { 200: envelope(response) } } : {}),
    },
    config: {
      // An optional caller is read by the handler (callerOfOptional), never refused by the guard.
      ...(c.auth === 'public' || c.auth === 'optional' ? {} : { auth: c.auth }),
      ...(c.roles ? { roles: c.roles } : {}),
      ...config,
    },
    handler: async (req) => ok(req, await handler(req as RequestOf<C>)),
  });
}
