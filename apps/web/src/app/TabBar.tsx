import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../ui/Icon.tsx';
import type { TabId } from './route.ts';
import { TABS } from './routes.ts';

const ICONS: Record<TabId, IconName> = {
  home: 'home',
  markets: 'markets',
  trade: 'trade',
  futures: 'futures',
  assets: 'wallet',
};

export function TabBar({ active }: { active: TabId }) {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" data-testid="tab-bar">
      {TABS.map((tab) => (
        <Link
          key={tab.id}
          to={tab.path}
          replace
          className={`tab-item${tab.id === active ? ' tab-item-active' : ''}`}
          aria-current={tab.id === active ? 'page' : undefined}
          data-testid={`tab-${tab.id}`}
        >
          <Icon name={ICONS[tab.id]} size={22} />
          <span>{t(tab.label)}</span>
        </Link>
      ))}
    </nav>
  );
}
