import { publishUserEvent } from '../bus/user-channel.ts';
import type { AppContext } from '../context.ts';
import { unreadOf } from './queries.ts';

/**
 * After the commit, best effort: each user's unread count and newest notification's id on their
 * private socket channel, so every open screen's badge follows. The texts are not sent: they are
 * read over HTTP in the reader's language.
 */
export async function announceNotices(ctx: AppContext, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  try {
    const counts = new Map((await unreadOf(ctx.db, userIds)).map((r) => [r.user_id, r]));
    for (const userId of new Set(userIds)) {
      const row = counts.get(userId);
      publishUserEvent(ctx.bus, userId, {
        kind: 'notice',
        unread: row?.unread ?? 0,
        latestId: row?.latest_id ?? null,
      });
    }
  } catch (err) {
    ctx.log.warn({ err }, 'notifications not announced');
  }
}
