import { alertsContract as api } from '@otc/protocol/alerts/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import type { MarketHub } from '../market/index.ts';
import * as alerts from './service.ts';

/** The caller's own alerts: list, add, delete (demo and live users alike: prices are the same). */
export function alertsRoutes(app: FastifyInstance, ctx: AppContext, hub: MarketHub) {
  route(app, api.list, async (req) => alerts.listAlerts(ctx, userIdOf(req), req.body?.symbol));
  route(app, api.add, async (req) => alerts.addAlert(ctx, hub, userIdOf(req), req.body));
  route(app, api.delete, async (req) => alerts.deleteAlert(ctx, userIdOf(req), req.body.id));
}
