import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { Layout } from './Layout.tsx';
import { RouteError } from './RouteError.tsx';
import { RoutePage } from './RoutePage.tsx';
import { HOME_PATH, ROUTES, type RouteMeta } from './routes.ts';

const pageRoutes: RouteObject[] = ROUTES.map(({ load, ...meta }) => ({
  path: meta.path,
  caseSensitive: true,
  handle: meta satisfies RouteMeta,
  // Keyed by path so a page's state (and a failed load) never carries over to the next route.
  element: <RoutePage key={meta.path} def={{ ...meta, load }} />,
}));

export function createAppRouter() {
  return createHashRouter([
    {
      element: <Layout />,
      errorElement: <RouteError />,
      children: [...pageRoutes, { path: '*', element: <Navigate to={HOME_PATH} replace /> }],
    },
  ]);
}
