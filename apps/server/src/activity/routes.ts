import { activityAdminContract as admin, activityContract as user } from '@otc/protocol/activity/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { callerOf, userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import type { Jurisdictions } from '../jurisdiction/index.ts';
import * as activity from './service.ts';

/** The user's activities: the seed's list and booking, and one activity's detail. */
export function activityRoutes(app: FastifyInstance, ctx: AppContext, jurisdictions: Jurisdictions) {
  route(app, user.list, async (req) => ({
    items: await activity.listActivities(ctx, userIdOf(req), req.body?.type),
  }));
  route(app, user.join, async (req) => activity.joinActivity(ctx, jurisdictions, callerOf(req), req.body.id));
  route(app, user.detail, async (req) => activity.activityDetail(ctx, userIdOf(req), req.body.id));
}

/** Activities in the back office: read by any operator, created and closed by admins, audited. */
export function adminActivityRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, admin.list, async () => ({ items: await activity.adminList(ctx) }));
  route(app, admin.create, async (req) => activity.createActivity(ctx, req, req.body));
  route(app, admin.status, async (req) => activity.setActivityStatus(ctx, req, req.body.id, req.body.status));
}
