import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLiteQuery } from '../api/useLiteQuery.ts';
import { useSession } from '../api/useSession.ts';
import { useUserEvents } from '../ws/useUserEvents.ts';
import { chatApi, chatKeys } from './chatApi.ts';

/** Support messages the signed-in user has not read, on the support entry; live from the `chat` event. */
export function ChatUnreadBadge() {
  const { user } = useSession();
  return user ? <Badge userId={user.id} /> : null;
}

function Badge({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const unread = useLiteQuery(chatKeys.unread(userId), () => chatApi.unread());
  useUserEvents(
    (event) => {
      if (event.kind === 'chat') client.setQueryData(chatKeys.unread(userId), { unread: event.unread });
    },
    () => unread.refetch(),
  );
  const count = unread.data?.unread ?? 0;
  if (count <= 0) return null;
  return (
    <span
      className="shortcut-badge"
      role="status"
      aria-label={t('support.chat.unread', { count })}
      data-testid="chat-unread"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
