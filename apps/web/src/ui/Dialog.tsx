import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollArea } from './ScrollArea.tsx';

export interface DialogProps {
  title?: string;
  message?: string;
  children?: ReactNode;
  okText?: string;
  cancelText?: string;
  showCancel?: boolean;
  messageTestId?: string | undefined;
  /** false when the body holds an entry that takes the focus itself (a code box). */
  focusOk?: boolean;
  /** OK shows a spinner and takes no press while what it started runs. */
  busy?: boolean;
  onOk: () => void;
  onCancel?: () => void;
}

/** A centred modal with OK and (optionally) Cancel; the same look for confirms and text sheets. */
export function Dialog({
  title,
  message,
  children,
  okText,
  cancelText,
  showCancel = true,
  messageTestId,
  focusOk = true,
  busy = false,
  onOk,
  onCancel,
}: DialogProps) {
  const { t } = useTranslation();
  const okRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const cancel = onCancel ?? onOk;
  // The latest handler, so Escape works without re-running the mount effect on every render.
  const cancelRef = useRef(cancel);
  cancelRef.current = cancel;

  // Read once at mount, as the focus is set once.
  const focusOkRef = useRef(focusOk);
  useEffect(() => {
    if (focusOkRef.current) okRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancelRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="dialog-layer">
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        data-testid="dialog"
      >
        {title && (
          <h2 className="dialog-title" id={titleId}>
            {title}
          </h2>
        )}
        <ScrollArea className="dialog-body" label={title ?? message ?? t('common.ok')}>
          {message && (
            <p className="dialog-message" data-testid={messageTestId}>
              {message}
            </p>
          )}
          {children}
        </ScrollArea>
        <div className="dialog-actions">
          {showCancel && (
            <button type="button" className="dialog-btn" onClick={cancel} data-testid="dialog-cancel">
              {cancelText ?? t('common.cancel')}
            </button>
          )}
          <button
            ref={okRef}
            type="button"
            className="dialog-btn dialog-btn-ok"
            onClick={onOk}
            disabled={busy}
            aria-busy={busy}
            data-testid="dialog-ok"
          >
            {okText ?? t('common.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
