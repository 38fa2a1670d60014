import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { LOGIN_PATH } from '../app/paths.ts';
import { Icon } from '../ui/Icon.tsx';

const AlertSheet = lazy(() => import('./AlertSheet.tsx'));

/**
 * The bell on an instrument's screen: opens the sheet that sets a price alert on it, showing the
 * price now (the screen's live one); a visitor is sent to sign in first.
 */
export function AlertButton({
  symbol,
  price,
  tickSize,
}: {
  symbol: string;
  price: string | undefined;
  tickSize: string | undefined;
}) {
  const { t } = useTranslation();
  const signedIn = Boolean(useSession().user);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const label = t('alerts.button', { symbol });
  return (
    <>
      <button
        type="button"
        className="icon-btn alert-button"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        data-testid="alert-button"
        onClick={() => (signedIn ? setOpen(true) : navigate(LOGIN_PATH))}
      >
        <Icon name="bell" size={20} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <AlertSheet symbol={symbol} price={price} tickSize={tickSize} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
