import { marketAdminContract as admin } from '@otc/protocol/market/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import type { MarketHub } from './hub.ts';
import { updateInstrument } from './registry.ts';

/** The instrument registry in the back office: read by any operator, edited by admins, audited. */
export function marketAdminRoutes(app: FastifyInstance, ctx: AppContext, hub: MarketHub) {
  route(app, admin.instruments, async () => ({
    items: [...hub.instruments.keys()].map((s) => hub.instrument(s)).filter((i) => i !== undefined),
  }));
  route(app, admin.update, async (req) => updateInstrument(ctx, req, hub, req.body));
}
