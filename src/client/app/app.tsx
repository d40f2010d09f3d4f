import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { withOfflineCache } from '../offline/offline-cache';
import { watchReachability } from '../offline/reachability';
import { AppErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';

/** The app in the browser: a declarative router over the route table (decision 022). */
export function App() {
  // Issue 26: the signed-in reader's last-seen data, restored when offline and kept; lie-fi:
  // restored too when the session check gets no answer though the browser says it is online.
  const [queryClient] = useState(() => {
    const client = withOfflineCache(createQueryClient());
    watchReachability(client);
    return client;
  });
  return (
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </AppErrorBoundary>
  );
}
