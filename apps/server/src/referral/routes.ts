import { referralContract as referral, referralAdminContract } from '@otc/protocol/referral/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { callerOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import { adminSchedule, saveSchedule } from './admin.ts';
import type { ReferralService } from './service.ts';

export function referralRoutes(app: FastifyInstance, service: ReferralService) {
  route(app, referral.promoteinfo, async (req) => service.promoteInfo(callerOf(req)));
  route(app, referral.rebates, async (req) => service.rebates(callerOf(req), req.body));
  route(app, referral.team, async (req) => service.team(callerOf(req), req.body));
  route(app, referral.agent, async (req) => service.agent(callerOf(req)));
}

/** The agent schedule in the back office: any operator reads, admins save (audited). */
export function referralAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, referralAdminContract.levels, async () => adminSchedule(ctx.db));
  route(app, referralAdminContract.save, async (req) => saveSchedule(ctx, req, req.body));
}
