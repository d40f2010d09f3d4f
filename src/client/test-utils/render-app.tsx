import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  type Location,
} from 'react-router';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/routes';

/**
 * Where the app is: `router.state.location`, the history's current entry, as tests read it from
 * the data router before (it moves at once, while the next lazy page may still be loading).
 */
export interface RouterProbe {
  readonly state: { readonly location: Location };
}

/**
 * Renders the whole app (shell, guards, lazy pages, toasts) at `path`, with a fresh cache (or
 * `queryClient`, e.g. the app's own), in StrictMode as main.tsx does (effects run twice: what
 * must happen once is tested that way). The router is declarative, as in the browser (decision
 * 022), over an in-memory history instead of the browser's.
 */
export function renderApp(
  path: string,
  {
    queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
  }: { queryClient?: QueryClient } = {},
) {
  // v5Compat: the history tells its listener (the router) of every push and replace, as MemoryRouter's does.
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const router: RouterProbe = {
    get state() {
      return { location: history.location };
    },
  };
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <HistoryRouter history={history}>
          <AppRoutes />
        </HistoryRouter>
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, router, queryClient, user };
}
