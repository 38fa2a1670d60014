import { CHAT_TEXT_MAX, looksLikeCode } from '@otc/core/chat/rules';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client.ts';
import { uploadImage } from '../api/upload.ts';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';

/**
 * Writes to support: text, and for a signed-in user an image (the app's upload client, purpose
 * chat). A six-digit code in the text shows a warning first; sending it anyway is the user's call
 * (it may be an order number), so it warns and does not block.
 */
export function Composer({
  canAttach,
  onSend,
}: {
  canAttach: boolean;
  onSend: (text: string, uploadId?: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const code = looksLikeCode(text);

  const run = async (send: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await send();
      return true;
    } catch (err) {
      setError(isApiError(err) ? err.msg : t('support.chat.failed'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = text;
    // Cleared only if it is still what was sent: what the user typed while it went stays.
    if (await run(() => onSend(sent))) setText((now) => (now === sent ? '' : now));
  };
  const attach = async (picked: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!picked) return;
    await run(async () => onSend('', (await uploadImage(picked, 'chat', { toast: false })).id));
  };

  return (
    <form className="chat-composer" onSubmit={(e) => void submit(e)}>
      {code && (
        <p className="chat-warning" role="alert" data-testid="chat-code-warning">
          {t('support.chat.codeWarning')}
        </p>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="chat-error">
          {error}
        </p>
      )}
      <div className="chat-composer-row">
        {canAttach && (
          <>
            <button
              type="button"
              className="chat-attach"
              aria-label={t('support.chat.attach')}
              onClick={() => file.current?.click()}
              disabled={busy}
            >
              <Icon name="plus" size={20} />
            </button>
            <input
              ref={file}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              hidden
              data-testid="chat-file"
              onChange={(e) => void attach(e.target.files?.[0])}
            />
          </>
        )}
        <textarea
          className="chat-input"
          value={text}
          maxLength={CHAT_TEXT_MAX * 2}
          rows={1}
          placeholder={t('support.chat.placeholder')}
          aria-label={t('support.chat.placeholder')}
          onChange={(e) => setText(e.target.value)}
          data-testid="chat-input"
        />
        <Button type="submit" loading={busy} disabled={text.trim() === ''} data-testid="chat-send">
          {t('support.chat.send')}
        </Button>
      </div>
    </form>
  );
}
