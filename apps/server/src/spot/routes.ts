import { spotContract as spot } from '@otc/protocol/spot/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { callerOf, userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import type { SpotDesk } from './desk.ts';
import * as service from './service.ts';

export function spotRoutes(app: FastifyInstance, ctx: AppContext, desk: SpotDesk) {
  route(app, spot.place, async (req) => desk.place(callerOf(req), req.body));
  route(app, spot.cancel, async (req) => desk.cancel(userIdOf(req), req.body.id));
  route(app, spot.openOrders, async (req) => service.listOrders(ctx, userIdOf(req), 'open', req.body));
  route(app, spot.history, async (req) => service.listOrders(ctx, userIdOf(req), 'history', req.body));
  route(app, spot.orderDetail, async (req) => service.orderDetail(ctx, userIdOf(req), req.body.id));
  route(app, spot.trades, async (req) => ({
    items: await service.recentTrades(ctx, req.body.realm, req.body.symbol, req.body.limit),
  }));
  route(app, spot.depth, async (req) => desk.depth(req.body.symbol, req.body.realm, req.body.levels));
}
