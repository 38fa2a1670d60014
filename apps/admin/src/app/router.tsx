import { createHashRouter, Navigate } from 'react-router';
import { publicRoutesOf, routesOf } from './area.ts';
import { AREAS } from './areas.ts';
import { Layout } from './Layout.tsx';
import { RequireAuth } from './RequireAuth.tsx';

export const router = createHashRouter([
  ...publicRoutesOf(AREAS),
  {
    element: <RequireAuth />,
    children: [
      {
        element: <Layout />,
        children: [
          { index: true, element: <Navigate to="/users" replace /> },
          ...routesOf(AREAS),
          { path: '*', element: <Navigate to="/users" replace /> },
        ],
      },
    ],
  },
]);
