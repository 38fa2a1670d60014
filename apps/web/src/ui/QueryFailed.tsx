import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { EmptyState } from './EmptyState.tsx';
import type { IconName } from './Icon.tsx';
import { DelayedSpinner } from './Spinner.tsx';

/** A list's loading spinner, or its failure with a retry button. */
export function QueryFailed({
  pending,
  onRetry,
  icon = 'markets',
}: {
  pending: boolean;
  onRetry: () => void;
  icon?: IconName;
}) {
  const { t } = useTranslation();
  if (pending) return <DelayedSpinner />;
  return (
    <EmptyState icon={icon} title={t('app.loadFailed')}>
      <Button variant="secondary" onClick={onRetry} data-testid="retry">
        {t('app.retry')}
      </Button>
    </EmptyState>
  );
}
