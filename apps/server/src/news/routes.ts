import { newsAdminContract as admin, newsContract as user } from '@otc/protocol/news/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import * as news from './service.ts';

/** Readers: the seed's list, read mark and instrument news, and one item's detail. */
export function newsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, user.list, async (req) =>
    news.listNews(ctx, req.lang, userIdOf(req), { kind: req.body?.kind }, req.body ?? undefined),
  );
  route(app, user.detail, async (req) => news.newsDetail(ctx, req.lang, userIdOf(req), req.body.id));
  route(app, user.read, async (req) => news.markRead(ctx, userIdOf(req), req.body.id));
  route(app, user.instrument, async (req) =>
    news.listNews(ctx, req.lang, null, { symbol: req.body.symbol }, req.body),
  );
}

/** The back office: any operator reads, admins write (the contract's roles), every save audited. */
export function adminNewsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, admin.list, async () => ({ items: await news.adminList(ctx) }));
  route(app, admin.save, async (req) => news.saveNews(ctx, req, req.body));
}
