import { newsAdminContract as admin, newsContract as user } from '@otc/protocol/news/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import * as news from './service.ts';

/**
 * Readers: the seed's list, read mark and instrument news, and one item's detail. News is public
 * (PRODUCT.md "Navigation"): a visitor reads it without read marks; a missing, unknown or disabled
 * session reads as a visitor, never as an error.
 */
export function newsRoutes(app: FastifyInstance, ctx: AppContext) {
  const readerOf = async (req: FastifyRequest): Promise<string | null> => {
    const session = req.bearer ? await ctx.sessions.lookup(req.bearer) : undefined;
    return session?.status === 'active' ? session.userId : null;
  };
  route(app, user.list, async (req) =>
    news.listNews(ctx, req.lang, await readerOf(req), { kind: req.body?.kind }, req.body ?? undefined),
  );
  route(app, user.detail, async (req) => news.newsDetail(ctx, req.lang, await readerOf(req), req.body.id));
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
