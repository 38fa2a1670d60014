import { ledgerAdminContract as admin } from '@otc/protocol/ledger/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { getUser } from '../users/index.ts';
import { decideAdjustment, listAdjustments, requestAdjustment } from './adjustments.ts';
import { exposure } from './exposure.ts';
import { userJournal } from './queries.ts';
import { overview } from './service.ts';

/** The ledger in the back office: read by any operator, changed by admins, every change audited. */
export function ledgerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, admin.balances, async (req) => {
    // The user's own overview answers 401 when its caller is gone; to an operator an unknown user
    // is not found: a 401 would tell the back office its own session had ended.
    if (!(await getUser(ctx, req.query.userId))) fail('not_found');
    return overview(ctx, req.query.userId);
  });
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
