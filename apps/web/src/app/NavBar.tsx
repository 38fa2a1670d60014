import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { DemoBadge } from '../ui/DemoBadge.tsx';
import { Icon } from '../ui/Icon.tsx';
import { usePageTitleOf } from './pageTitle.ts';
import { HOME_PATH } from './paths.ts';
import type { RouteMeta } from './route.ts';
import { AUTH_PATHS } from './routes.ts';

function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** Seed §2: the custom navigation bar of every page. */
export function NavBar({ meta }: { meta: RouteMeta | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const showBack = meta !== undefined && meta.tab === undefined;
  const own = usePageTitleOf(meta?.path);
  const title = !meta || AUTH_PATHS.has(meta.path) ? t('app.name') : (own ?? t(meta.title));

  return (
    <header className="nav-bar">
      <div className="nav-side">
        {showBack && (
          <button
            type="button"
            className="icon-btn nav-back"
            aria-label={t('app.back')}
            data-testid="nav-back"
            onClick={() => (canGoBack() ? navigate(-1) : navigate(HOME_PATH, { replace: true }))}
          >
            <Icon name="back" size={24} />
          </button>
        )}
      </div>
      <h1 className="nav-title" data-testid="nav-title">
        {title}
      </h1>
      <div className="nav-side nav-side-end">
        {user?.kind === 'demo' && <DemoBadge testId="demo-badge" />}
      </div>
    </header>
  );
}
