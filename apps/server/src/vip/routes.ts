import { envelope } from '@otc/protocol/envelope';
import { adminVipSchedule, updateVipScheduleBody, vipInfo, vipInfoBody } from '@otc/protocol/vip/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { userIdOf } from '../http/guard.ts';
import type { MarketHub } from '../market/index.ts';
import type { VipFees } from './fees.ts';
import * as vip from './service.ts';

/** The user's VIP page. */
export function vipRoutes(app: FastifyInstance, ctx: AppContext, market: MarketHub) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/vip/info',
    {
      schema: {
        tags: ['vip'],
        summary:
          'The caller’s VIP level, 30-day volume, what is left to the next level, and the schedule with its fees on a spot pair',
        body: vipInfoBody,
        response: { 200: envelope(vipInfo) },
      },
      config: { auth: 'user' },
    },
    async (req) => ok(req, await vip.vipInfo(ctx, market, userIdOf(req), req.body.symbol)),
  );
}

/** The VIP schedule in the back office: read by any operator, edited by admins, audited. */
export function adminVipRoutes(app: FastifyInstance, ctx: AppContext, fees: VipFees) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  r.get(
    '/api/admin/vip/levels',
    {
      schema: {
        tags,
        summary: 'The VIP schedule with the number of users at each level',
        response: { 200: envelope(adminVipSchedule) },
      },
      config: { auth: 'operator' },
    },
    async (req) => ok(req, await vip.adminSchedule(ctx)),
  );
  r.post(
    '/api/admin/vip/levels/update',
    {
      schema: {
        tags,
        summary:
          'Replace the VIP schedule (admin): VIP0 to VIP5 once each, multipliers in (0, 1], VIP0 from 0, minimums rising',
        body: updateVipScheduleBody,
        response: { 200: envelope(adminVipSchedule) },
      },
      config: { auth: 'operator', roles: ['admin'] },
    },
    async (req) => ok(req, await vip.updateSchedule(ctx, req, fees, req.body)),
  );
}
