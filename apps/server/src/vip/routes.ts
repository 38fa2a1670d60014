import { vipAdminContract, vipContract } from '@otc/protocol/vip/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import type { MarketHub } from '../market/index.ts';
import type { VipFees } from './fees.ts';
import * as vip from './service.ts';

/** The user's VIP page. */
export function vipRoutes(app: FastifyInstance, ctx: AppContext, market: MarketHub) {
  route(app, vipContract.info, async (req) => vip.vipInfo(ctx, market, userIdOf(req), req.body.symbol));
}

/** The VIP schedule in the back office: read by any operator, edited by admins, audited. */
export function adminVipRoutes(app: FastifyInstance, ctx: AppContext, fees: VipFees) {
  route(app, vipAdminContract.levels, async () => vip.adminSchedule(ctx));
  route(app, vipAdminContract.update, async (req) => vip.updateSchedule(ctx, req, fees, req.body));
}
