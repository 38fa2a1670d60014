import { useTranslation } from 'react-i18next';
import type { TKey } from '../i18n/keys.ts';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';

/**
 * The notice at the top of a trading screen whose orders are not open yet (issue #13): says what is
 * coming, so live prices and a chart never pass for a working ticket.
 */
export function ComingSoonBanner({ text }: { text: TKey }) {
  const { t } = useTranslation();
  return (
    <div className="soon-banner" role="note" data-testid="coming-soon-banner">
      <Icon name="clock" size={18} />
      <p>{t(text)}</p>
    </div>
  );
}

/** Where an order button will be: disabled, and saying so. */
export function SoonButton({ testId = 'order-soon' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" block disabled data-testid={testId}>
      {t('app.soon')}
    </Button>
  );
}
