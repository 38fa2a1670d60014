import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findRoute, LOGIN_PATH, REGISTER_PATH } from '../app/routes.ts';
import { useSession } from '../auth/useSession.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon, type IconName } from '../ui/Icon.tsx';
import './home.css';

const SHORTCUTS: readonly { path: string; icon: IconName }[] = [
  { path: '/pages/assets/recharge', icon: 'deposit' },
  { path: '/pages/assets/tibi', icon: 'withdraw' },
  { path: '/pages/index/friend', icon: 'users' },
  { path: '/pages/index/ToLoan', icon: 'coins' },
  { path: '/pages/earn/escrowOrders', icon: 'earn' },
  { path: '/pages/index/activity', icon: 'gift' },
  { path: '/pages/index/News', icon: 'news' },
  { path: '/pages/webview/customer', icon: 'support' },
];

export default function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="page-pad stack">
      <section className="home-hero">
        {user && <p className="home-welcome">{t('home.welcome', { name: user.nickname })}</p>}
        <h2 className="home-hero-title">{t('home.hero')}</h2>
        <p className="home-hero-sub">{t('home.heroSub')}</p>
        {!user && (
          <div className="home-hero-actions">
            <Link className="btn btn-light" to={LOGIN_PATH} data-testid="home-login">
              {t('home.login')}
            </Link>
            <Link className="btn btn-outline-light" to={REGISTER_PATH} data-testid="home-register">
              {t('home.register')}
            </Link>
          </div>
        )}
      </section>
      <nav className="card grid-shortcuts" aria-label={t('home.shortcuts')}>
        {SHORTCUTS.map(({ path, icon }) => {
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
        <h2 className="home-section-title">{t('home.markets')}</h2>
        <EmptyState icon="markets" title={t('app.comingSoon')} text={t('home.soon')} />
      </section>
    </div>
  );
}
