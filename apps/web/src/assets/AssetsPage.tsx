import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findRoute, SETTINGS_PATH } from '../app/routes.ts';
import { ProfileCard } from '../auth/ProfileCard.tsx';
import { useSession } from '../auth/useSession.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon, type IconName } from '../ui/Icon.tsx';

const ACTIONS: readonly { path: string; icon: IconName }[] = [
  { path: '/pages/assets/recharge', icon: 'deposit' },
  { path: '/pages/assets/tibi', icon: 'withdraw' },
  { path: '/pages/index/Transfer', icon: 'transfer' },
  { path: '/pages/index/Exchange', icon: 'exchange' },
];

export default function AssetsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="page-pad stack">
      <ProfileCard
        user={user}
        action={
          <Link
            to={SETTINGS_PATH}
            className="icon-btn"
            aria-label={t('assets.overview.settings')}
            title={t('assets.overview.settings')}
            data-testid="settings-link"
          >
            <Icon name="settings" />
          </Link>
        }
      />
      <nav className="card grid-shortcuts">
        {ACTIONS.map(({ path, icon }) => {
          const route = findRoute(path);
          return (
            <Link key={path} className="shortcut" to={path}>
              <span className="shortcut-icon">
                <Icon name={icon} />
              </span>
              <span>{route ? t(route.title) : path}</span>
            </Link>
          );
        })}
      </nav>
      <section className="card">
        <EmptyState icon="wallet" title={t('app.comingSoon')} text={t('assets.overview.soon')} />
      </section>
    </div>
  );
}
