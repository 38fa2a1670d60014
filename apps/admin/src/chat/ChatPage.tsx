import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../ui/Alert.tsx';
import { formatTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { Conversation } from './Conversation.tsx';
import { type Box, CHAT_POLL_MS, chatApi, chatKeys } from './chatApi.ts';
import { chatTexts as t } from './texts.ts';
import './chat.css';

const BOXES: readonly Box[] = ['waiting', 'mine', 'others', 'closed'];

/** The queue in four boxes beside the conversation picked; both polled every 3 s. */
export function ChatPage() {
  const [box, setBox] = useState<Box>('waiting');
  const [open, setOpen] = useState<string | null>(null);
  const queue = useQuery({
    queryKey: chatKeys.queue(box),
    queryFn: ({ signal }) => chatApi.queue(box, signal),
    refetchInterval: CHAT_POLL_MS,
  });
  const items = queue.data?.items ?? [];
  return (
    <>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <div className="chat-desk">
        <section className="chat-queue">
          <div className="chat-boxes" role="tablist">
            {BOXES.map((b) => (
              <button
                key={b}
                type="button"
                role="tab"
                aria-selected={b === box}
                className={b === box ? 'btn btn-small btn-primary' : 'btn btn-small'}
                onClick={() => setBox(b)}
                data-testid={`chat-box-${b}`}
              >
                {t.boxes[b]}
              </button>
            ))}
          </div>
          {queue.error ? <ErrorAlert error={queue.error} onRetry={() => void queue.refetch()} /> : null}
          {queue.data && items.length === 0 && <p className="muted">{t.empty}</p>}
          <ul className="chat-rows" data-testid="chat-queue">
            {items.map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  className={row.id === open ? 'chat-row chat-row-open' : 'chat-row'}
                  onClick={() => setOpen(row.id)}
                  data-testid={`chat-row-${row.id}`}
                >
                  <strong>#{row.id}</strong> {row.guest ? t.guest : t.user(row.userId ?? '')}
                  <span className="muted">{formatTime(row.lastMessageAt)}</span>
                  {row.unread > 0 && <span className="chat-unread">{t.unread(row.unread)}</span>}
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className="chat-open">
          {open ? <Conversation key={open} id={open} /> : <p className="muted">{t.pick}</p>}
        </section>
      </div>
    </>
  );
}
