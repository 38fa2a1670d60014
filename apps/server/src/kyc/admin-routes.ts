import { kycAdminContract } from '@otc/protocol/kyc/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as review from './review.ts';

/** Reviewing in the back office: any operator reads; admins and reviewers decide (the contract's roles). */
export function adminKycRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, kycAdminContract.applications, async (req) => review.applications(ctx, req.query));
  route(app, kycAdminContract.application, async (req) => review.application(ctx, req.query.id));
  route(app, kycAdminContract.approve, async (req) =>
    review.decide(ctx, req, req.body.id, { approve: true }),
  );
  route(app, kycAdminContract.reject, async (req) =>
    review.decide(ctx, req, req.body.id, { approve: false, reason: req.body.reason }),
  );
}
