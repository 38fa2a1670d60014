import { exchangeContract as exchange } from '@otc/protocol/exchange/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import * as service from './service.ts';

export function exchangeRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, exchange.quote, async (req) => service.makeQuote(ctx, userIdOf(req), req.body));
  route(app, exchange.execute, async (req) =>
    service.executeQuote(ctx, userIdOf(req), req.body.quoteId, req.body.idempotencyKey),
  );
  route(app, exchange.log, async (req) => service.exchangeLog(ctx, userIdOf(req), req.body));
}
