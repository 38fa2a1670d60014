import { referralContract as referral } from '@otc/protocol/referral/contract';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import type { ReferralService } from './service.ts';

export function referralRoutes(app: FastifyInstance, service: ReferralService) {
  route(app, referral.promoteinfo, async (req) => service.promoteInfo(callerOf(req)));
  route(app, referral.rebates, async (req) => service.rebates(callerOf(req), req.body));
  route(app, referral.team, async (req) => service.team(callerOf(req), req.body));
  route(app, referral.agent, async (req) => service.agent(callerOf(req)));
}
