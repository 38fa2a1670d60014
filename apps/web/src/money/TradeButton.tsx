import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginPathFor } from '../app/returnTo.ts';
import { Button } from '../ui/Button.tsx';
import { tradeButtonState } from './tradeButton.ts';

/**
 * An order ticket's button: for a guest "Log in to trade", which comes back here (`login-to-trade`);
 * outside the session a disabled `closedLabel` (`place-order-closed`); else the submit button
 * (`place-order`), spinning while the order is sent. `className` is the ticket's side look.
 */
export function TradeButton({
  signedIn,
  open = true,
  busy,
  disabled,
  className,
  label,
  closedLabel,
}: {
  signedIn: boolean;
  /** Whether the market trades now (a ticket that does not know says open). */
  open?: boolean;
  busy: boolean;
  disabled?: boolean;
  className: string;
  label: string;
  closedLabel?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const state = tradeButtonState(signedIn, open);
  if (state === 'login')
    return (
      <Link
        to={loginPathFor(location.pathname + location.search)}
        className={`btn btn-block ${className}`}
        data-testid="login-to-trade"
      >
        {t('spot.form.loginToTrade')}
      </Link>
    );
  if (state === 'closed')
    return (
      <Button block disabled data-testid="place-order-closed">
        {closedLabel}
      </Button>
    );
  return (
    <Button
      type="submit"
      block
      loading={busy}
      disabled={disabled}
      className={className}
      data-testid="place-order"
    >
      {label}
    </Button>
  );
}
