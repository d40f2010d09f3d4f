import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastHost } from './toast-host';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Server state and toasts; shared by the app and the component tests. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastHost />
    </QueryClientProvider>
  );
}
