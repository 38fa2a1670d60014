import type { Language } from '@otc/protocol/languages';
import type { Notice, NoticeList } from '@otc/protocol/notifications/schemas';
import type { AppContext } from '../context.ts';
import { failField } from '../http/errors.ts';
import { announceNotices } from './announce.ts';
import { noticeDisplay } from './display.ts';
import { findNotice, listNotices, markAllRead, markRead, unreadCount } from './queries.ts';
import { noticeIn } from './texts.ts';

/** The caller's inbox page, newest first, in their language, with the unread count. */
export async function listInbox(
  ctx: AppContext,
  userId: string,
  lang: Language,
  page: { page: number; pageSize: number },
): Promise<NoticeList> {
  const { rows, total } = await listNotices(ctx.db, userId, page);
  const display = await noticeDisplay(ctx.db);
  return {
    items: rows.map((r) => noticeIn(lang, r, display)),
    total,
    unread: await unreadCount(ctx.db, userId),
  };
}

/** Marks one of the caller's notifications, or all, read; another user's id is not found, and nothing changes. */
export async function readNotices(
  ctx: AppContext,
  userId: string,
  which: { id?: string | undefined; all?: true | undefined },
): Promise<{ unread: number }> {
  if (which.id !== undefined) {
    if (!(await markRead(ctx.db, userId, which.id))) failField('not_found', 'id');
  } else await markAllRead(ctx.db, userId);
  await announceNotices(ctx, [userId]);
  return { unread: await unreadCount(ctx.db, userId) };
}

/** One of the caller's notifications; reading it marks it read. */
export async function noticeDetail(
  ctx: AppContext,
  userId: string,
  lang: Language,
  id: string,
): Promise<Notice> {
  const row = await findNotice(ctx.db, userId, id);
  if (!row) failField('not_found', 'id');
  if (row.read_at === null) {
    await markRead(ctx.db, userId, id);
    await announceNotices(ctx, [userId]);
  }
  return { ...noticeIn(lang, row, await noticeDisplay(ctx.db)), read: true };
}
