import { notificationsContract } from '@otc/protocol/notifications/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import { unreadCount } from './queries.ts';
import { listInbox, noticeDetail, readNotices } from './service.ts';

/** The caller's inbox: list, read marks, one notification, the unread count. */
export function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, notificationsContract.list, async (req) => listInbox(ctx, userIdOf(req), req.lang, req.body));
  route(app, notificationsContract.read, async (req) => readNotices(ctx, userIdOf(req), req.body));
  route(app, notificationsContract.detail, async (req) =>
    noticeDetail(ctx, userIdOf(req), req.lang, req.body.id),
  );
  route(app, notificationsContract.unread, async (req) => ({
    unread: await unreadCount(ctx.db, userIdOf(req)),
  }));
}
