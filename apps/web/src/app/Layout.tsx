import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { NavBar } from './NavBar.tsx';
import { HOME_PATH } from './routes.ts';
import { TabBar } from './TabBar.tsx';
import { useRouteMeta } from './useRouteMeta.ts';

export function Layout() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const brand = t('app.name');
  const title =
    meta && meta.path !== HOME_PATH && meta.tab !== 'home' ? `${t(meta.title)} - ${brand}` : brand;

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className={`app${meta?.tab ? ' app-with-tabs' : ''}`}>
      <NavBar meta={meta} />
      <main className="app-main">
        <Outlet />
      </main>
      {meta?.tab && <TabBar active={meta.tab} />}
      <ScrollRestoration />
    </div>
  );
}
