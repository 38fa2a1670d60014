import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { loadAllStrings } from '../i18n/i18n.ts';
import { DelayedSpinner } from '../ui/Spinner.tsx';
import { homePage, PAGES, ROUTES } from './areas.ts';
import { Layout } from './Layout.tsx';
import { HOME_PATH } from './paths.ts';
import { RouteError } from './RouteError.tsx';
import { RoutePage } from './RoutePage.tsx';
import type { AreaPages, RouteMeta } from './route.ts';

/** Every page but home shows strings beyond the first tier (i18n/tiers.ts): its route waits for them. */
const allStrings = () => loadAllStrings().then(() => null);

/** The router's route of each route of the table that has a page. */
export function pageRoutes(routes: readonly RouteMeta[], pages: AreaPages): RouteObject[] {
  return routes.flatMap((meta) => {
    const load = pages[meta.path];
    if (!load) return [];
    return [
      {
        path: meta.path,
        caseSensitive: true,
        handle: meta satisfies RouteMeta,
        ...(load === homePage ? {} : { loader: allStrings }),
        // Keyed by path so a page's state (and a failed load) never carries over to the next route.
        element: <RoutePage key={meta.path} meta={meta} load={load} />,
      },
    ];
  });
}

export function createAppRouter() {
  return createHashRouter([
    {
      element: <Layout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <DelayedSpinner />,
      children: [...pageRoutes(ROUTES, PAGES), { path: '*', element: <Navigate to={HOME_PATH} replace /> }],
    },
  ]);
}
