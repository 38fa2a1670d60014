import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { DialogHost } from '../ui/DialogHost.tsx';
import { ToastHost } from '../ui/ToastHost.tsx';
import { APP_AREAS } from './areas.ts';
import { createAppRouter } from './router.tsx';
import { AreasContext } from './useAreas.ts';

function createQueryClient() {
  // The request client already toasts failures; retrying would toast again.
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 15000 } } });
}

export function App() {
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(createQueryClient);
  return (
    <AreasContext value={APP_AREAS}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastHost />
        <DialogHost />
      </QueryClientProvider>
    </AreasContext>
  );
}
