import { envelope } from '@otc/protocol/envelope';
import {
  cancelSpotOrderBody,
  placeSpotOrderBody,
  spotDepth,
  spotDepthBody,
  spotOrder,
  spotOrderDetail,
  spotOrderPage,
  spotOrdersBody,
  spotTradeList,
  spotTradesBody,
} from '@otc/protocol/spot';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { callerOf, userIdOf } from '../http/guard.ts';
import type { SpotDesk } from './desk.ts';
import * as spot from './service.ts';

const tags = ['spot'];

export function spotRoutes(app: FastifyInstance, ctx: AppContext, desk: SpotDesk) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' as const };
  r.post(
    '/api/spot/order',
    {
      schema: {
        tags,
        summary: 'Place a limit or market order (durable before it answers; idempotent)',
        body: placeSpotOrderBody,
        response: { 200: envelope(spotOrder) },
      },
      config: user,
    },
    async (req) => ok(req, await desk.place(callerOf(req), req.body)),
  );
  r.post(
    '/api/spot/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel an open order',
        body: cancelSpotOrderBody,
        response: { 200: envelope(spotOrder) },
      },
      config: user,
    },
    async (req) => ok(req, await desk.cancel(userIdOf(req), req.body.id)),
  );
  r.post(
    '/api/spot/openorders',
    {
      schema: {
        tags,
        summary: 'Current orders',
        body: spotOrdersBody,
        response: { 200: envelope(spotOrderPage) },
      },
      config: user,
    },
    async (req) => ok(req, await spot.listOrders(ctx, userIdOf(req), 'open', req.body)),
  );
  r.post(
    '/api/spot/history',
    {
      schema: {
        tags,
        summary: 'Finished orders',
        body: spotOrdersBody,
        response: { 200: envelope(spotOrderPage) },
      },
      config: user,
    },
    async (req) => ok(req, await spot.listOrders(ctx, userIdOf(req), 'history', req.body)),
  );
  r.post(
    '/api/spot/orderdetail',
    {
      schema: {
        tags,
        summary: 'An order with its fills',
        body: cancelSpotOrderBody,
        response: { 200: envelope(spotOrderDetail) },
      },
      config: user,
    },
    async (req) => ok(req, await spot.orderDetail(ctx, userIdOf(req), req.body.id)),
  );
  r.post(
    '/api/spot/trades',
    {
      schema: {
        tags,
        summary: 'Recent trades of a market',
        body: spotTradesBody,
        response: { 200: envelope(spotTradeList) },
      },
    },
    async (req) =>
      ok(req, { items: await spot.recentTrades(ctx, req.body.realm, req.body.symbol, req.body.limit) }),
  );
  r.post(
    '/api/spot/depth',
    {
      schema: {
        tags,
        summary: 'Order book depth by price level',
        body: spotDepthBody,
        response: { 200: envelope(spotDepth) },
      },
    },
    async (req) => ok(req, await desk.depth(req.body.symbol, req.body.realm, req.body.levels)),
  );
}
