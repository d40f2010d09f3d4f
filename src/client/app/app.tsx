import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { withOfflineCache } from '../offline/offline-cache';
import { AppErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';

const router = createBrowserRouter(appRoutes);

export function App() {
  // Issue 26: the signed-in reader's last-seen data, restored when offline and kept.
  const [queryClient] = useState(() => withOfflineCache(createQueryClient()));
  return (
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
