import { kycContract } from '@otc/protocol/kyc/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { callerOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import * as kyc from './service.ts';

/** The user's identity verification: apply (the seed's `applyApprove`) and where each level stands. */
export function kycRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, kycContract.apply, async (req) => kyc.apply(ctx, callerOf(req), req.body));
  route(app, kycContract.status, async (req) => {
    const caller = callerOf(req);
    return kyc.kycState(ctx.db, caller.userId, caller.realm);
  });
}
