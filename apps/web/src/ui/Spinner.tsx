import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function Spinner({ size = 24 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}

/** Seed §9: page loads show the spinner only after 200 ms, so fast loads never flash. */
export const LOADING_DELAY_MS = 200;

export function DelayedSpinner({ delayMs = LOADING_DELAY_MS }: { delayMs?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="page-loading" role="status" data-testid="page-loading">
      <Spinner size={28} />
      <span>{t('app.loading')}</span>
    </div>
  );
}
