import { createHashRouter, Navigate } from 'react-router';
import { AREAS } from './areas.ts';
import { Layout } from './Layout.tsx';
import { RequireAuth } from './RequireAuth.tsx';

export const router = createHashRouter([
  ...AREAS.flatMap((area) => area.publicRoutes ?? []),
  {
    element: <RequireAuth />,
    children: [
      {
        element: <Layout />,
        children: [
          { index: true, element: <Navigate to="/users" replace /> },
          ...AREAS.flatMap((area) => area.routes ?? []),
          { path: '*', element: <Navigate to="/users" replace /> },
        ],
      },
    ],
  },
]);
