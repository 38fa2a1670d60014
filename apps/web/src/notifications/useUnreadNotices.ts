import type { NoticeUnread } from '@otc/protocol/notifications/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useLiteQuery } from '../api/useLiteQuery.ts';
import { useUserEvents } from '../ws/useUserEvents.ts';
import { noticeKeys, noticesApi } from './notificationsApi.ts';

/**
 * The signed-in user's unread count, live: each `notice` event on the private channel writes the
 * new count (and refreshes an open inbox); a resync reads it again over HTTP. `undefined` until known.
 */
export function useUnreadNotices(userId: string): number | undefined {
  const client = useQueryClient();
  const unread = useLiteQuery(noticeKeys.unread(userId), () => noticesApi.unread({ toast: false }));
  useUserEvents(
    (event) => {
      if (event.kind !== 'notice') return;
      client.setQueryData<NoticeUnread>(noticeKeys.unread(userId), { unread: event.unread });
      void client.invalidateQueries({ queryKey: noticeKeys.list(userId) });
    },
    () => unread.refetch(),
  );
  return unread.data?.unread;
}
