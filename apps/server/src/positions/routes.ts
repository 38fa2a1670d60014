import { perpContract as perp, stockContract as stock } from '@otc/protocol/positions/contract';
import type { FastifyInstance } from 'fastify';
import { callerOf, callerOfOptional } from '../http/guard.ts';
import { route } from '../http/route.ts';
import type { PositionDesk } from './desk.ts';
import * as read from './views.ts';

/**
 * Perpetuals on `/api/contract/*` and CFDs on the seed's `/api/stock/*`: one engine, one set of
 * handlers. The positions, close, reverse, close-all, TP/SL and history calls under `/api/contract/`
 * serve both products (the Holding screen lists them together).
 */
export function positionRoutes(app: FastifyInstance, env: read.ReadEnv, desk: PositionDesk) {
  // Public, but a demo user reads the funding its own realm will charge.
  route(app, perp.detail, async (req) =>
    read.detail(env, req.body.symbol, 'perp', await callerOfOptional(req, env.ctx.sessions)),
  );
  route(app, perp.order, async (req) => desk.place(callerOf(req), req.body, 'perp'));
  route(app, perp.cancelOrder, async (req) => desk.cancel(callerOf(req), req.body.id));
  route(app, perp.orderList, async (req) => read.orderList(env, callerOf(req), req.body, 'perp'));
  route(app, perp.positions, async (req) => read.openPositions(env, callerOf(req), req.body?.product));
  route(app, perp.close, async (req) => desk.closePosition(callerOf(req), req.body));
  route(app, perp.reverse, async (req) => desk.reverse(callerOf(req), req.body));
  route(app, perp.closeAll, async (req) => desk.closeAll(callerOf(req), req.body));
  route(app, perp.tpsl, async (req) => desk.tpsl(callerOf(req), req.body));
  route(app, perp.history, async (req) =>
    read.closedPositions(env, callerOf(req), req.body.product, req.body),
  );

  route(app, stock.detail, async (req) =>
    read.detail(env, req.body.symbol, 'cfd', await callerOfOptional(req, env.ctx.sessions)),
  );
  route(app, stock.order, async (req) => desk.place(callerOf(req), req.body, 'cfd'));
  route(app, stock.orderList, async (req) => read.orderList(env, callerOf(req), req.body, 'cfd'));
  route(app, stock.orderDetail, async (req) => read.orderDetail(env, callerOf(req), req.body.id, 'cfd'));
  route(app, stock.dealOrder, async (req) => desk.closePosition(callerOf(req), req.body, 'cfd'));
  route(app, stock.dealOrderList, async (req) => read.closedPositions(env, callerOf(req), 'cfd', req.body));
  route(app, stock.pageData, async (req) =>
    read.cfdPage(env, req.body?.class, (await callerOfOptional(req, env.ctx.sessions)).userId),
  );
  route(app, stock.cancelOrder, async (req) => desk.cancel(callerOf(req), req.body.id, 'cfd'));
}
