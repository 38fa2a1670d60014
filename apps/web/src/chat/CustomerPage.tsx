import type { ChatConversation } from '@otc/protocol/chat/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../api/useSession.ts';
import { Icon } from '../ui/Icon.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { useUserEvents } from '../ws/useUserEvents.ts';
import { Composer } from './Composer.tsx';
import { type ChatWho, chatApi, chatKeys } from './chatApi.ts';
import { MessageBubble } from './MessageBubble.tsx';
import './chat.css';

/** A guest has no socket channel: their conversation is read again every few seconds. */
const GUEST_POLL_MS = 5000;

/** `/pages/webview/customer`: the support chat, for a signed-in user or a guest (decision 0129). */
export default function CustomerPage() {
  const { user } = useSession();
  return user ? <SignedIn userId={user.id} /> : <Chat />;
}

/** A user's chat is live: an operator's message arrives as a `chat` event on the user channel. */
function SignedIn({ userId }: { userId: string }) {
  const client = useQueryClient();
  const key = chatKeys.conversation({ userId });
  useUserEvents(
    (event) => {
      if (event.kind === 'chat') void client.invalidateQueries({ queryKey: key });
    },
    () => void client.invalidateQueries({ queryKey: key }),
  );
  return <Chat userId={userId} />;
}

function Chat({ userId }: { userId?: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const who = useMemo<ChatWho>(() => (userId ? { userId } : { guest: true }), [userId]);
  const key = chatKeys.conversation(who);
  const guest = !('userId' in who);
  const conversation = useQuery({
    queryKey: key,
    queryFn: () => chatApi.conversation(who),
    refetchInterval: guest ? GUEST_POLL_MS : false,
    // Answers that came while the screen was closed reached only the badge: read them on opening.
    refetchOnMount: 'always',
  });
  const data = conversation.data;
  const end = useRef<HTMLLIElement>(null);

  // Open on screen means read: the operator sees the receipt and the badge clears.
  const unread = data?.unread ?? 0;
  useEffect(() => {
    if (unread === 0) return;
    void chatApi.read(who).then(() => {
      client.setQueryData<ChatConversation>(
        chatKeys.conversation(who),
        (old) => old && { ...old, unread: 0 },
      );
      if ('userId' in who) client.setQueryData(chatKeys.unread(who.userId), { unread: 0 });
    });
  }, [unread, who, client]);
  const count = data?.messages.length ?? 0;
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  const send = async (text: string, uploadId?: string) => {
    const message = await chatApi.send(who, text, uploadId);
    // The first message opens the conversation: the cached one has no id yet (null), so it is taken
    // as this one. Shown at once, not only after the refetch: a refetch that fails (no retries here)
    // would otherwise leave the sender looking at an empty chat.
    client.setQueryData<ChatConversation>(key, (old) =>
      old && (old.id === null || old.id === message.conversationId)
        ? { ...old, id: message.conversationId, messages: [...old.messages, message] }
        : undefined,
    );
    // Not awaited: the message is on screen, and the composer is free for the next one now.
    void client.invalidateQueries({ queryKey: key });
  };

  return (
    <div className="chat-page">
      <p className="chat-notice" data-testid="chat-notice">
        <Icon name="shield" size={18} />
        {t('support.chat.notice')}
      </p>
      {data ? (
        <ol className="chat-list" data-testid="chat-list">
          {data.messages.length === 0 && <li className="chat-empty">{t('support.chat.empty')}</li>}
          {data.messages.map((m) => (
            <MessageBubble key={m.id} message={m} signedIn={!guest} />
          ))}
          <li ref={end} aria-hidden="true" />
        </ol>
      ) : (
        <div className="chat-list">
          <QueryState
            pending={conversation.isPending}
            error={conversation.error}
            onRetry={() => void conversation.refetch()}
            icon="support"
          />
        </div>
      )}
      <Composer canAttach={!guest} onSend={send} />
    </div>
  );
}
