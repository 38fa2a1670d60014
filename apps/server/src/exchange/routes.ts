import { envelope } from '@otc/protocol/envelope';
import {
  exchangeLogBody,
  exchangePage,
  exchangeRecord,
  executeBody,
  quote,
  quoteBody,
} from '@otc/protocol/exchange/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { userIdOf } from '../http/guard.ts';
import * as exchange from './service.ts';

const tags = ['exchange'];

export function exchangeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' as const };
  r.post(
    '/api/exchange/quote',
    {
      schema: {
        tags,
        summary: 'A flash exchange quote at the index price less 0.1%, valid 10 s',
        body: quoteBody,
        response: { 200: envelope(quote) },
      },
      config: user,
    },
    async (req) => ok(req, await exchange.makeQuote(ctx, userIdOf(req), req.body)),
  );
  r.post(
    '/api/exchange/execute',
    {
      schema: {
        tags,
        summary: 'Execute a quote before it expires (idempotent)',
        body: executeBody,
        response: { 200: envelope(exchangeRecord) },
      },
      config: user,
    },
    async (req) =>
      ok(req, await exchange.executeQuote(ctx, userIdOf(req), req.body.quoteId, req.body.idempotencyKey)),
  );
  r.post(
    '/api/exchange/log',
    {
      schema: {
        tags,
        summary: 'Flash exchange records',
        body: exchangeLogBody,
        response: { 200: envelope(exchangePage) },
      },
      config: user,
    },
    async (req) => ok(req, await exchange.exchangeLog(ctx, userIdOf(req), req.body)),
  );
}
