import { ledgerAdminContract as admin } from '@otc/protocol/ledger/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { decideAdjustment, listAdjustments, requestAdjustment } from './adjustments.ts';
import { exposure } from './exposure.ts';
import { userJournal } from './queries.ts';
import { overview } from './service.ts';

/** The ledger in the back office: read by any operator, changed by admins, every change audited. */
export function ledgerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, admin.balances, async (req) => overview(ctx, req.query.userId));
  route(app, admin.journal, async (req) => userJournal(ctx.db, req.query.userId, req.query));
  route(app, admin.adjustments, async (req) => listAdjustments(ctx, req.query));
  route(app, admin.requestAdjustment, async (req) => requestAdjustment(ctx, req, req.body));
  route(app, admin.decideAdjustment, async (req) =>
    decideAdjustment(ctx, req, req.body.id, req.body.approve),
  );
  route(app, admin.check, async () => {
    const problems = await ctx.checkLedger(ctx.db);
    return { ok: problems.length === 0, problems };
  });
  route(app, admin.treasuryExposure, async () => exposure(ctx));
}
