import type { ChatMessage } from '@otc/protocol/chat/schemas';
import { useTranslation } from 'react-i18next';
import { useImageUrl } from '../api/upload.ts';
import { chatImagePath } from './chatApi.ts';
import { MessageText } from './MessageText.tsx';
import { StaffBadge } from './StaffBadge.tsx';

function ChatImage({ id }: { id: string }) {
  const { t } = useTranslation();
  const url = useImageUrl(chatImagePath(id));
  return url ? (
    <img className="chat-image" src={url} alt={t('support.chat.image')} data-testid="chat-image" />
  ) : (
    <span className="chat-image chat-image-pending" />
  );
}

/** One message: the customer's on the right with its read receipt, support's on the left with the badge. */
export function MessageBubble({ message, signedIn }: { message: ChatMessage; signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const staff = message.authorKind === 'operator';
  return (
    <li className={staff ? 'chat-msg chat-msg-staff' : 'chat-msg chat-msg-mine'} data-testid="chat-message">
      {staff && <StaffBadge />}
      {message.text !== '' && <MessageText text={message.text} staff={staff} />}
      {/* A guest's calls carry no session: images are read once signed in. */}
      {message.uploadId && signedIn && <ChatImage id={message.uploadId} />}
      <span className="chat-meta">
        {new Date(message.createdAt).toLocaleTimeString(i18n.language, {
          hour: '2-digit',
          minute: '2-digit',
        })}
        {!staff && ` · ${message.read ? t('support.chat.read') : t('support.chat.sent')}`}
      </span>
    </li>
  );
}
