import { renderMarkdown } from '@otc/core';
import type { Language } from '@otc/protocol/languages';
import type {
  AdminNews,
  NewsDetail,
  NewsHit,
  NewsItem,
  NewsKind,
  NewsPage,
  NewsRead,
  SaveNewsBody,
} from '@otc/protocol/news/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail, failField } from '../http/errors.ts';
import { audit } from '../platform/audit.ts';
import * as sql from './queries.ts';

const reader = (ctx: AppContext, lang: Language, userId: string | null): sql.Reader => ({
  now: ctx.clock.date(),
  lang,
  userId,
});

function itemOf(r: sql.NewsRow): NewsItem {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    summary: r.summary,
    language: r.lang as Language,
    tags: r.tags ? r.tags.split(',') : [],
    publishedAt: new Date(r.publish_at).toISOString(),
    reads: Number(r.reads),
    read: Boolean(r.read),
  };
}

type Page = { page: number; pageSize: number };

/** Published items for a reader, in their language or English; one kind, one instrument's, or all. */
export async function listNews(
  ctx: AppContext,
  lang: Language,
  userId: string | null,
  filter: { kind?: NewsKind; symbol?: string },
  page: Page = { page: 1, pageSize: 20 },
): Promise<NewsPage> {
  const { rows, total } = await sql.publishedPage(ctx.db, reader(ctx, lang, userId), filter, page);
  return { items: rows.map(itemOf), total };
}

/** One published item with its body as safe HTML; a scheduled one is as unknown as a missing one. */
export async function newsDetail(
  ctx: AppContext,
  lang: Language,
  userId: string | null,
  id: string,
): Promise<NewsDetail> {
  const row = await sql.publishedOne(ctx.db, reader(ctx, lang, userId), id);
  if (!row) fail('news_not_found');
  return { ...itemOf(row), html: renderMarkdown(row.body) };
}

/** Marks an item read by the caller: the first call counts, the others change nothing. */
export async function markRead(ctx: AppContext, userId: string, id: string): Promise<NewsRead> {
  const now = ctx.clock.date();
  if (!(await sql.publishedOne(ctx.db, { now, lang: 'en', userId }, id))) fail('news_not_found');
  await sql.insertRead(ctx.db, id, userId, now);
  return { id, reads: await sql.readCount(ctx.db, id), read: true };
}

/** Home's strip: the latest published announcements, in the reader's language. */
export async function latestAnnouncements(ctx: AppContext, lang: Language, limit = 5) {
  const { items } = await listNews(ctx, lang, null, { kind: 'announcement' }, { page: 1, pageSize: limit });
  return items.map((i) => ({ id: i.id, title: i.title, publishedAt: i.publishedAt }));
}

/** Published items whose title (in the reader's language, or English) contains the text. */
export async function searchNews(
  ctx: AppContext,
  lang: Language,
  text: string,
  limit = 20,
): Promise<NewsHit[]> {
  const rows = await sql.searchPublished(ctx.db, reader(ctx, lang, null), text, limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    publishedAt: new Date(r.publish_at).toISOString(),
  }));
}

function adminItemOf(r: sql.AdminRow, now: Date): AdminNews {
  return {
    id: r.id,
    kind: r.kind,
    texts: r.texts ? JSON.parse(r.texts) : {},
    tags: r.tags ? r.tags.split(',') : [],
    publishAt: new Date(r.publish_at).toISOString(),
    published: new Date(r.publish_at).getTime() <= now.getTime(),
    reads: Number(r.reads),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function adminList(ctx: AppContext): Promise<AdminNews[]> {
  const now = ctx.clock.date();
  return (await sql.adminItems(ctx.db)).map((r) => adminItemOf(r, now));
}

/**
 * An admin's new or edited item, audited with what was saved. English is required (every reader's
 * fallback); tags must name instruments; either refusal changes nothing.
 */
export async function saveNews(ctx: AppContext, req: FastifyRequest, body: SaveNewsBody): Promise<AdminNews> {
  const english = body.texts.en;
  if (!english) failField('news_english_required', 'texts');
  const tags = [...new Set(body.tags)];
  const known = await sql.knownSymbols(ctx.db, tags);
  const unknown = tags.filter((t) => !known.has(t));
  if (unknown.length > 0) failField('news_tag_unknown', 'tags', { tags: unknown.join(', ') });
  const texts = Object.entries(body.texts).filter(([, t]) => t !== undefined) as sql.ItemFields['texts'];
  const now = ctx.clock.date();
  const id = await ctx.db.tx(async (q) => {
    const id = await sql.saveItem(
      q,
      body.id,
      { kind: body.kind, publishAt: new Date(body.publishAt), texts, tags },
      req.operator?.id ?? null,
      now,
    );
    if (!id) fail('news_not_found');
    await audit(q, req, body.id ? 'news.edit' : 'news.create', id, {
      kind: body.kind,
      publishAt: new Date(body.publishAt).toISOString(),
      languages: texts.map(([lang]) => lang),
      title: english.title,
      tags,
    });
    return id;
  });
  const [row] = await sql.adminItems(ctx.db, id);
  return adminItemOf(row as sql.AdminRow, ctx.clock.date());
}
