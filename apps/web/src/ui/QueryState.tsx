import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { Button } from './Button.tsx';
import { EmptyState } from './EmptyState.tsx';
import type { IconName } from './Icon.tsx';
import { DelayedSpinner } from './Spinner.tsx';

/** Loading and failure of a query the page cannot show without. */
export function QueryState({
  pending,
  error,
  onRetry,
  icon = 'wallet',
}: {
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  icon?: IconName;
}) {
  const { t } = useTranslation();
  if (pending) return <DelayedSpinner />;
  if (!error) return null;
  const text = isApiError(error) && error.msg && error.key !== 'aborted' ? error.msg : t('app.loadFailed');
  return (
    <EmptyState icon={icon} title={text}>
      <Button variant="secondary" onClick={onRetry} data-testid="retry">
        {t('app.retry')}
      </Button>
    </EmptyState>
  );
}

/**
 * A whole page that cannot show without its query: the loading or failure state alone on the
 * page's card (what a page renders until `query.data` is there).
 */
export function QueryPage({
  query,
  icon,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  icon?: IconName;
}) {
  return (
    <div className="page-pad">
      <section className="card">
        <QueryState
          pending={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          {...(icon ? { icon } : {})}
        />
      </section>
    </div>
  );
}
