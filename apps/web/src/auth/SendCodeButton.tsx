import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from './useCountdown.ts';

/** Sends a code; `onSend` resolves the seconds to wait before resending, or null when nothing was sent. */
export function SendCodeButton({ onSend }: { onSend: () => Promise<number | null> }) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait !== null) start(wait);
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      className="code-btn"
      data-testid="send-code"
      disabled={sending || remaining > 0}
      onClick={() => void send()}
    >
      {remaining > 0 ? t('auth.code.resendIn', { count: remaining }) : t('auth.code.send')}
    </button>
  );
}
