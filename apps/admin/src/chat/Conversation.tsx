import type { ChatMessage } from '@otc/protocol/chat/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useSession } from '../api/session.tsx';
import { useUploadImage } from '../api/uploads.ts';
import { ErrorAlert } from '../ui/Alert.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { formatTime } from '../ui/format.ts';
import { CHAT_POLL_MS, chatApi, chatKeys, uploadChatImage } from './chatApi.ts';
import { chatTexts as t } from './texts.ts';

function Image({ id }: { id: string }) {
  const image = useUploadImage(id);
  if (image.error) return <span className="muted">{image.error}</span>;
  return image.url ? <img className="chat-admin-image" src={image.url} alt={t.image} /> : null;
}

/** One message as text (never HTML), with who wrote it and, for support's, whether the customer read it. */
function Message({ m }: { m: ChatMessage }) {
  const staff = m.authorKind === 'operator';
  return (
    <li className={staff ? 'chat-line chat-line-staff' : 'chat-line'} data-testid="chat-admin-message">
      <span className="muted">
        {t.authors[m.authorKind]} · {formatTime(m.createdAt)}
        {staff && ` · ${m.read ? t.read : t.sent}`}
      </span>
      {m.text !== '' && <span className="chat-line-text">{m.text}</span>}
      {m.uploadId && <Image id={m.uploadId} />}
    </li>
  );
}

/** A conversation: its messages (reading marks them read) and the holder's actions. */
export function Conversation({ id }: { id: string }) {
  const client = useQueryClient();
  const me = useSession().me.data;
  const detail = useQuery({
    queryKey: chatKeys.detail(id),
    queryFn: ({ signal }) => chatApi.detail(id, signal),
    refetchInterval: CHAT_POLL_MS,
  });
  const [text, setText] = useState('');
  const [to, setTo] = useState('');
  const [closing, setClosing] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  // Who it can be handed to, by email (support cannot read the operators list, which is admin-only).
  const answerers = useQuery({
    queryKey: chatKeys.answerers,
    queryFn: ({ signal }) => chatApi.answerers(signal),
  });
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'chat'] }),
  });
  const c = detail.data;
  if (!c) return detail.error ? <ErrorAlert error={detail.error} /> : null;
  const holding = c.status === 'open' && me !== undefined && c.operatorId === me.id;
  const holder =
    c.operatorId === null
      ? null
      : (answerers.data?.items.find((o) => o.id === c.operatorId)?.email ?? `operator ${c.operatorId}`);

  const answer = (e: FormEvent) => {
    e.preventDefault();
    act.mutate(() => chatApi.send(id, text), { onSuccess: () => setText('') });
  };
  const attach = (picked: File | undefined) => {
    if (file.current) file.current.value = '';
    if (picked)
      act.mutate(async () => chatApi.send(id, text, (await uploadChatImage(picked, picked.name)).id), {
        onSuccess: () => setText(''),
      });
  };

  return (
    <div className="chat-conversation" data-testid="chat-conversation">
      <p>
        <strong>#{c.id}</strong> {c.guest ? t.guest : t.user(c.userId ?? '')} · {t.heldBy(holder)}
      </p>
      <ol className="chat-lines">
        {c.messages.map((m) => (
          <Message key={m.id} m={m} />
        ))}
      </ol>
      {act.error ? <ErrorAlert error={act.error} /> : null}
      {c.status === 'waiting' && (
        <button
          type="button"
          className="btn btn-primary"
          disabled={act.isPending}
          onClick={() => act.mutate(() => chatApi.take(id))}
          data-testid="chat-take"
        >
          {t.take}
        </button>
      )}
      {holding && (
        <>
          <form className="chat-answer" onSubmit={answer}>
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t.placeholder}
              aria-label={t.answer}
              data-testid="chat-answer-text"
            />
            <div className="chat-actions">
              <button
                type="submit"
                className="btn btn-primary"
                disabled={act.isPending || text.trim() === ''}
                data-testid="chat-answer"
              >
                {t.answer}
              </button>
              {c.guest ? (
                <span className="muted">{t.guestNoImage}</span>
              ) : (
                <label className="btn">
                  {t.attach}
                  <input
                    ref={file}
                    type="file"
                    accept="image/jpeg,image/png,image/webp"
                    hidden
                    data-testid="chat-answer-image"
                    onChange={(e) => attach(e.target.files?.[0])}
                  />
                </label>
              )}
            </div>
          </form>
          <div className="chat-actions">
            <select
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-label={t.handOverTo}
              data-testid="chat-handover-to"
            >
              <option value="">{t.handOverPick}</option>
              {(answerers.data?.items ?? [])
                .filter((o) => o.id !== me?.id)
                .map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.email} ({t.roles[o.role]})
                  </option>
                ))}
            </select>
            <button
              type="button"
              className="btn"
              disabled={act.isPending || to === ''}
              onClick={() => act.mutate(() => chatApi.handOver(id, to), { onSuccess: () => setTo('') })}
              data-testid="chat-handover"
            >
              {t.handOver}
            </button>
            <button
              type="button"
              className="btn btn-danger-outline"
              disabled={act.isPending}
              onClick={() => setClosing(true)}
              data-testid="chat-close"
            >
              {t.close}
            </button>
          </div>
          {closing && (
            <ConfirmDialog
              title={t.closeTitle}
              confirmLabel={t.close}
              danger
              busy={act.isPending}
              onConfirm={() => act.mutate(() => chatApi.close(id), { onSettled: () => setClosing(false) })}
              onCancel={() => setClosing(false)}
            >
              <p>{t.closeBody}</p>
            </ConfirmDialog>
          )}
        </>
      )}
    </div>
  );
}
