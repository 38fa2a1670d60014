import type { QuoteConversion } from '@otc/core';
import { positionsAdminContract as admin } from '@otc/protocol/positions/admin';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { editRules, listRules, openPositions, overview } from './service.ts';

/**
 * Positions in the back office: exposure, the insurance fund and open positions read by any
 * operator; position rules edited by admins (the contract's roles), audited.
 */
export function positionsAdminRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  mark: (symbol: string) => string | undefined,
  conversion: (symbol: string) => QuoteConversion | null,
): void {
  route(app, admin.overview, async () => overview(ctx));
  route(app, admin.rules, async () => listRules(ctx));
  route(app, admin.updateRules, async (req) => editRules(ctx, req, req.body));
  route(app, admin.open, async (req) => openPositions(ctx, { mark, conversion }, req.query));
}
