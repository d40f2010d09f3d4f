import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';

const router = createBrowserRouter(appRoutes);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
