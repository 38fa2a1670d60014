import type { NewsKind } from '@otc/protocol/news/schemas';
import type { Queryable } from '../db/db.ts';
import { type PageRequest, paged } from '../db/paged.ts';

/**
 * The SQL of the news area. Every reader query takes the same first four parameters: now (only
 * items published by then), the reader's language, the reader's user id (null for a visitor) and a
 * kind (null for both); the text served is the reader's language where the item has it, else English.
 */
export interface NewsRow {
  id: string;
  kind: NewsKind;
  publish_at: Date;
  lang: string;
  title: string;
  summary: string;
  body: string;
  tags: string | null;
  reads: number;
  read: boolean;
}

const SELECT = `i.id::text AS id, i.kind, i.publish_at, t.lang, t.title, t.summary, t.body,
  (SELECT string_agg(g.symbol, ',' ORDER BY g.symbol) FROM news_tags g WHERE g.item_id = i.id) AS tags,
  (SELECT count(*) FROM news_reads r WHERE r.item_id = i.id)::int AS reads,
  EXISTS (SELECT 1 FROM news_reads r WHERE r.item_id = i.id AND r.user_id = who.user_id) AS read`;

// The reader is a one-row table: every query names $3, even the count that reads no read marks.
const FROM = `(SELECT $3::bigint AS user_id) AS who CROSS JOIN news_items i
  JOIN news_texts t ON t.item_id = i.id AND t.lang = CASE
    WHEN EXISTS (SELECT 1 FROM news_texts x WHERE x.item_id = i.id AND x.lang = $2::text) THEN $2::text ELSE 'en' END
  WHERE i.publish_at <= $1::timestamptz AND ($4::text IS NULL OR i.kind = $4::text)`;

const ORDER = 'i.publish_at DESC, i.id DESC';

export interface Reader {
  now: Date;
  lang: string;
  userId: string | null;
}
const readerParams = (r: Reader, kind: NewsKind | null) => [r.now.toISOString(), r.lang, r.userId, kind];

/** Published items, newest first, optionally of one kind or tagged with one instrument. */
export function publishedPage(
  q: Queryable,
  reader: Reader,
  filter: { kind?: NewsKind; symbol?: string },
  page: PageRequest,
) {
  const params = [...readerParams(reader, filter.kind ?? null)];
  let from = FROM;
  if (filter.symbol) {
    params.push(filter.symbol);
    from += ` AND EXISTS (SELECT 1 FROM news_tags g WHERE g.item_id = i.id AND g.symbol = $5::text)`;
  }
  return paged<NewsRow>(q, { select: SELECT, from, orderBy: ORDER }, params, page);
}

/** One published item, or undefined (unknown, or not published yet: the same to a reader). */
export async function publishedOne(q: Queryable, reader: Reader, id: string): Promise<NewsRow | undefined> {
  const [row] = await q.query<NewsRow>(`SELECT ${SELECT} FROM ${FROM} AND i.id = $5::bigint`, [
    ...readerParams(reader, null),
    id,
  ]);
  return row;
}

/** Published items whose served title contains the text (LIKE's wildcards taken literally). */
export function searchPublished(q: Queryable, reader: Reader, text: string, limit: number) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return q.query<NewsRow>(
    `SELECT ${SELECT} FROM ${FROM} AND t.title ILIKE $5::text ORDER BY ${ORDER} LIMIT $6::int`,
    [...readerParams(reader, null), pattern, limit],
  );
}

/** Counts the reader's read once: true when this call was the first. */
export async function insertRead(q: Queryable, id: string, userId: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO news_reads (item_id, user_id, read_at) VALUES ($1::bigint, $2::bigint, $3::timestamptz)
     ON CONFLICT DO NOTHING RETURNING item_id`,
    [id, userId, now.toISOString()],
  );
  return rows.length > 0;
}

export async function readCount(q: Queryable, id: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM news_reads WHERE item_id = $1::bigint',
    [id],
  );
  return row?.n ?? 0;
}

// The back office.
export interface AdminRow {
  id: string;
  kind: NewsKind;
  publish_at: Date;
  updated_at: Date;
  tags: string | null;
  reads: number;
  texts: string;
}

export function adminItems(q: Queryable, id?: string) {
  return q.query<AdminRow>(
    `SELECT i.id::text AS id, i.kind, i.publish_at, i.updated_at,
       (SELECT string_agg(g.symbol, ',' ORDER BY g.symbol) FROM news_tags g WHERE g.item_id = i.id) AS tags,
       (SELECT count(*) FROM news_reads r WHERE r.item_id = i.id)::int AS reads,
       (SELECT json_object_agg(t.lang, json_build_object('title', t.title, 'summary', t.summary, 'body', t.body))::text
          FROM news_texts t WHERE t.item_id = i.id) AS texts
     FROM news_items i WHERE ($1::bigint IS NULL OR i.id = $1::bigint)
     ORDER BY i.publish_at DESC, i.id DESC`,
    [id ?? null],
  );
}

export async function knownSymbols(q: Queryable, symbols: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const s of symbols) {
    const rows = await q.query('SELECT 1 FROM instrument_catalogue WHERE symbol = $1::text', [s]);
    if (rows.length > 0) found.add(s);
  }
  return found;
}

export interface ItemFields {
  kind: NewsKind;
  publishAt: Date;
  texts: [lang: string, text: { title: string; summary: string; body: string }][];
  tags: readonly string[];
}

/** Creates an item (no id) or replaces an existing one's fields; the id, or undefined when unknown. */
export async function saveItem(
  q: Queryable,
  id: string | undefined,
  f: ItemFields,
  operatorId: string | null,
  now: Date,
): Promise<string | undefined> {
  let itemId = id;
  if (itemId === undefined) {
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO news_items (kind, publish_at, created_by, created_at, updated_at)
       VALUES ($1::text, $2::timestamptz, $3::bigint, $4::timestamptz, $4::timestamptz) RETURNING id::text AS id`,
      [f.kind, f.publishAt.toISOString(), operatorId, now.toISOString()],
    );
    itemId = row?.id as string;
  } else {
    const rows = await q.query(
      `UPDATE news_items SET kind = $2::text, publish_at = $3::timestamptz, updated_at = $4::timestamptz
       WHERE id = $1::bigint RETURNING id`,
      [itemId, f.kind, f.publishAt.toISOString(), now.toISOString()],
    );
    if (rows.length === 0) return undefined;
    await q.query('DELETE FROM news_texts WHERE item_id = $1::bigint', [itemId]);
    await q.query('DELETE FROM news_tags WHERE item_id = $1::bigint', [itemId]);
  }
  for (const [lang, t] of f.texts)
    await q.query(
      `INSERT INTO news_texts (item_id, lang, title, summary, body) VALUES ($1::bigint, $2::text, $3::text, $4::text, $5::text)`,
      [itemId, lang, t.title, t.summary, t.body],
    );
  for (const symbol of f.tags)
    await q.query('INSERT INTO news_tags (item_id, symbol) VALUES ($1::bigint, $2::text)', [itemId, symbol]);
  return itemId;
}
