import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { NavBar } from './NavBar.tsx';
import { usePageTitleOf } from './pageTitle.ts';
import { HOME_PATH } from './paths.ts';
import { TabBar } from './TabBar.tsx';
import { useRouteMeta } from './useRouteMeta.ts';

export function Layout() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  // A route that waits for something before it shows (its strings: router.tsx) keeps the page
  // on screen meanwhile: say it is on its way.
  const navigating = useNavigation().state === 'loading';
  const brand = t('app.name');
  const own = usePageTitleOf(meta?.path);
  const title =
    meta && meta.path !== HOME_PATH && meta.tab !== 'home' ? `${own ?? t(meta.title)} - ${brand}` : brand;

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className={`app${meta?.tab ? ' app-with-tabs' : ''}`}>
      {navigating && (
        <div
          className="nav-progress"
          role="progressbar"
          aria-label={t('app.loading')}
          data-testid="nav-progress"
        />
      )}
      <NavBar meta={meta} />
      <main className="app-main">
        <Outlet />
      </main>
      {meta?.tab && <TabBar active={meta.tab} />}
      <ScrollRestoration />
    </div>
  );
}
