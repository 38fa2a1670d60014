import type { NoticeKind } from '@otc/protocol/notifications/kinds';
import type { Queryable } from '../db/db.ts';
import { one } from '../db/db.ts';

/** A notification as stored: its kind and params, not its texts (those are the reader's language's). */
export interface NoticeRow {
  id: string;
  kind: NoticeKind;
  params: Record<string, string>;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

const COLUMNS = 'id::text AS id, kind, params, link, created_at, read_at';

export async function insertNotice(
  q: Queryable,
  userId: string,
  kind: NoticeKind,
  params: Record<string, string>,
  link: string | null,
): Promise<void> {
  await q.query('INSERT INTO notifications (user_id, kind, params, link) VALUES ($1, $2, $3::jsonb, $4)', [
    userId,
    kind,
    JSON.stringify(params),
    link,
  ]);
}

export async function listNotices(
  q: Queryable,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: NoticeRow[]; total: number }> {
  const [count] = await q.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM notifications WHERE user_id = $1',
    [userId],
  );
  const rows = await q.query<NoticeRow>(
    `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [userId, page.pageSize, (page.page - 1) * page.pageSize],
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** The caller's own notification: another user's id finds nothing, as an unknown one does. */
export function findNotice(q: Queryable, userId: string, id: string): Promise<NoticeRow | undefined> {
  return one<NoticeRow>(q, `SELECT ${COLUMNS} FROM notifications WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
}

/** Marks one of the user's notifications read; false when the user has none with that id. */
export async function markRead(q: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id`,
    [id, userId],
  );
  return rows.length > 0;
}

export async function markAllRead(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
}

/** Each user's unread count and newest notification's id (users with none are left out). */
export function unreadOf(
  q: Queryable,
  userIds: string[],
): Promise<{ user_id: string; unread: number; latest_id: string }[]> {
  return q.query(
    `SELECT user_id::text AS user_id, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread,
       max(id)::text AS latest_id
     FROM notifications WHERE user_id = ANY($1::bigint[]) GROUP BY user_id`,
    [userIds],
  );
}

export async function unreadCount(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return row?.n ?? 0;
}
