import { earnContract as earn, earnAdminContract } from '@otc/protocol/earn/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import { adminProducts, saveProduct } from './admin.ts';
import type { EarnService } from './service.ts';

export function earnRoutes(app: FastifyInstance, service: EarnService) {
  route(app, earn.products, async (req) => ({ items: await service.products(req.body.kind) }));
  route(app, earn.cryptofinance, async () => ({ list: await service.products() }));
  route(app, earn.subscribe, async (req) => service.subscribe(userIdOf(req), req.body));
  route(app, earn.subscriptions, async (req) => service.subscriptions(userIdOf(req), req.body));
  route(app, earn.redeem, async (req) => service.redeem(userIdOf(req), req.body));
}

/** The products in the back office: any operator reads, admins save (audited). */
export function earnAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, earnAdminContract.products, async () => adminProducts(ctx.db));
  route(app, earnAdminContract.save, async (req) => saveProduct(ctx, req, req.body));
}
