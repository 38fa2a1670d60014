import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';

/**
 * News and announcements (PRODUCT.md "Content and support"; docs/decisions/0128-news.md). Operators
 * write each item in any of the 12 languages, English required; a reader gets their language or
 * English. Bodies are markdown; the server sends them rendered to safe HTML (`html`), never raw.
 */
/** An instrument symbol as the registry writes it (market's rule; not imported: market's search names this file). */
const symbol = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,12}([/-][A-Z0-9]{1,12})?$/);

export const newsId = z.string().regex(/^\d{1,18}$/);
/** An announcement is about the platform itself (home's strip); news is about markets. */
export const newsKind = z.enum(['news', 'announcement']);
export type NewsKind = z.infer<typeof newsKind>;

/** One item as a reader sees it in a list. */
export const newsItem = z.object({
  id: newsId,
  kind: newsKind,
  title: z.string().describe('Plain text: show it as text, never as HTML'),
  summary: z.string(),
  language: z
    .enum(LANGUAGES)
    .describe('The language served: the reader’s, or English when the item lacks it'),
  tags: z.array(z.string()).describe('Instrument symbols the item is about'),
  publishedAt: z.iso.datetime(),
  reads: z.number().int().describe('Readers who opened it, each counted once'),
  read: z.boolean().describe('Whether the caller marked it read (always false for a visitor)'),
});
export type NewsItem = z.infer<typeof newsItem>;
export const newsDetail = newsItem.extend({
  html: z.string().describe('The body rendered to safe HTML (a small markdown subset; links leave the app)'),
});
export type NewsDetail = z.infer<typeof newsDetail>;

/** The seed's `news`: paged, newest first, one kind or both. */
export const newsListBody = z
  .strictObject({
    kind: newsKind.optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(50).default(20),
  })
  .optional();
export const newsPage = z.object({ items: z.array(newsItem), total: z.number().int() });
export type NewsPage = z.infer<typeof newsPage>;
export const newsIdBody = z.strictObject({ id: newsId });
export const newsRead = z.object({ id: newsId, reads: z.number().int(), read: z.literal(true) });
export type NewsRead = z.infer<typeof newsRead>;
/** `/api/stock/news`: the items tagged with one instrument. */
export const instrumentNewsBody = z.strictObject({
  symbol,
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(20),
});

/** A hit of the search across instruments and news. */
export const newsHit = z.object({
  id: newsId,
  kind: newsKind,
  title: z.string(),
  publishedAt: z.iso.datetime(),
});
export type NewsHit = z.infer<typeof newsHit>;

// The back office.
export const newsText = z.strictObject({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(500).default(''),
  body: z.string().max(20_000).default('').describe('Markdown'),
});
export type NewsText = z.infer<typeof newsText>;
export const newsTexts = z.partialRecord(z.enum(LANGUAGES), newsText);
export const saveNewsBody = z.strictObject({
  id: newsId.optional().describe('Absent: a new item'),
  kind: newsKind,
  texts: newsTexts.describe('Per language; English required'),
  tags: z.array(symbol).max(10).default([]),
  publishAt: z.iso.datetime().describe('Readers see it from then on (the platform clock)'),
});
export type SaveNewsBody = z.infer<typeof saveNewsBody>;
export const adminNews = z.object({
  id: newsId,
  kind: newsKind,
  texts: z.record(z.string(), z.object({ title: z.string(), summary: z.string(), body: z.string() })),
  tags: z.array(z.string()),
  publishAt: z.iso.datetime(),
  published: z.boolean().describe('Its publish time has come'),
  reads: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type AdminNews = z.infer<typeof adminNews>;
export const adminNewsList = z.object({ items: z.array(adminNews) });
export type AdminNewsList = z.infer<typeof adminNewsList>;
