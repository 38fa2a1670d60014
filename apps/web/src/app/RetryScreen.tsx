import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';

export function RetryScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page-pad" data-testid="retry-screen">
      <EmptyState icon="link" title={t('app.loadFailed')}>
        <Button onClick={onRetry}>{t('app.retry')}</Button>
      </EmptyState>
    </div>
  );
}
