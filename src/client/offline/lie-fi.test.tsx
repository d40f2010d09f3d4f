import { onlineManager, QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../lib/challenges';
import { messages } from '../../lib/messages';
import { createQueryClient } from '../app/query-client';
import {
  bingoRoutes,
  currentGrid,
  openBingo,
  square,
} from '../features/bingo/testing/bingo-harness';
import { meQueryOptions } from '../services/session-api';
import { buildUser } from '../test-utils/factories';
import {
  apiErrorReply,
  mockApi,
  type MockRoutes,
  type RecordedRequest,
} from '../test-utils/mock-api';
import { renderApp } from '../test-utils/render-app';
import { lastFetchedAt, writeOfflineCache } from './offline-cache';
import { clockTime } from './offline-notice';
import { readQueue } from './placement-queue';
import { isServerUnreachable, watchReachability } from './reachability';
import { EMMA, placedEmma } from './testing/offline-fixtures';

// Issue 26, lie-fi: navigator.onLine stays true (jsdom's) in every test here; the requests fail.

const READER = buildUser({ id: 'reader-lie-fi' });

const HEALTH = { body: { status: 'ok', db: 'sqlite' } };

/** The network between the browser and the server: down, every request rejects as fetch does. */
function behind(network: { up: boolean }, routes: MockRoutes): MockRoutes {
  return Object.fromEntries(
    Object.entries(routes).map(([key, route]) => [
      key,
      (request: RecordedRequest) => {
        if (!network.up) throw new TypeError('Failed to fetch');
        return typeof route === 'function' ? route(request) : route;
      },
    ]),
  );
}

/** Ends the test's watch (in afterEach: a failed test must not leave the next one offline). */
let stopWatching: (() => void) | undefined;

/** The app as app.tsx builds it: its own query client (a retry), watched for lie-fi. */
function openApp(path: string) {
  const queryClient = createQueryClient();
  stopWatching = watchReachability(queryClient);
  return renderApp(path, { queryClient });
}

/** The reader's card and want-to-read list seen online, and kept on this device as the app keeps them. */
async function keepCopyOfCard() {
  const seen = await openBingo({}, { user: READER });
  seen.queryClient.setQueryData(['profile', 'want-to-read'], { books: [EMMA], count: 1 });
  writeOfflineCache(seen.queryClient);
  const fetchedAt = lastFetchedAt(seen.queryClient)!;
  seen.unmount();
  return fetchedAt;
}

afterEach(() => {
  stopWatching?.();
  stopWatching = undefined;
  vi.useRealTimers();
  localStorage.clear();
});

describe('lie-fi: online, yet no answer (issue 26)', () => {
  it('shows the offline copy, not the login page, when the session check gets no answer; the placement waits and is sent once /api/health answers', async () => {
    const fetchedAt = await keepCopyOfCard();
    const network = { up: false };
    const api = mockApi(
      behind(network, {
        ...bingoRoutes(READER),
        'GET /api/health': HEALTH,
        'POST /api/bingo/placements': placedEmma,
      }),
    );
    const { router, user } = openApp('/bingo');

    expect(
      await screen.findByRole('heading', { level: 2, name: currentGrid.title }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bingo');
    expect(screen.queryByRole('heading', { level: 1, name: 'Log in' })).toBeNull();
    expect(
      screen.getByText(messages.offline.showingCardAsOf(clockTime(fetchedAt))),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Grid' })).toBeDisabled();
    expect(onlineManager.isOnline()).toBe(false);

    await user.click(square(DEFAULT_CHALLENGES[1]));
    const sheet = await screen.findByRole('dialog', { name: DEFAULT_CHALLENGES[1] });
    expect(within(sheet).getByText(messages.offlineQueue.knownBooksHint)).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Place Emma' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Write a review' })).getByRole('button', {
        name: 'Skip',
      }),
    );
    expect(square(DEFAULT_CHALLENGES[1])).toHaveAccessibleName(
      `${DEFAULT_CHALLENGES[1]}. Marked with Emma. ${messages.offlineQueue.waiting(1)}`,
    );
    expect(api.requestsTo('POST /api/bingo/placements')).toEqual([]);

    // The network is back; the reader comes back to the window: /api/health is asked at once.
    network.up = true;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(1));
    // In order: /api/health answered, the session was asked again, then the placement went.
    const sent = api.requests.map((request) => `${request.method} ${request.path}`);
    const answered = sent.lastIndexOf('GET /api/health');
    expect(answered).toBeGreaterThan(-1);
    expect(sent.slice(answered, sent.indexOf('POST /api/bingo/placements'))).toContain(
      'GET /api/me',
    );
    expect(await screen.findByText(messages.bingo.earnedPoints(10))).toBeInTheDocument();
    expect(readQueue(READER.id)).toEqual([]);
    expect(screen.queryByText(/^You're offline/)).toBeNull();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('still takes a 401 from the session check as signed out, copy or not', async () => {
    await keepCopyOfCard();
    const api = mockApi({
      'GET /api/me': apiErrorReply(401, messages.access.loginRequired, 'UNAUTHORIZED'),
    });
    const { router } = openApp('/bingo');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText(/^You're offline/)).toBeNull();
    expect(isServerUnreachable()).toBe(false);
    expect(api.requestsTo('GET /api/health')).toEqual([]);
  });

  it("takes a 200 that is not the session check's answer (a captive portal's page) for no answer", async () => {
    await keepCopyOfCard();
    // The portal answers every address with its page: no JSON, as apiRequest reads an HTML page.
    const portalPage = {};
    mockApi({
      'GET /api/me': portalPage,
      'GET /api/health': portalPage,
      'GET /api/bingo/fitting-books': portalPage,
    });
    const { router } = openApp('/bingo');

    expect(
      await screen.findByRole('heading', { level: 2, name: currentGrid.title }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bingo');
    expect(screen.queryByRole('heading', { level: 1, name: 'Log in' })).toBeNull();
    expect(isServerUnreachable()).toBe(true);
  });

  it('with no copy on this device, says a connection is needed instead of showing the login form', async () => {
    const network = { up: false };
    mockApi(
      behind(network, { 'GET /api/me': { body: { user: null } }, 'GET /api/health': HEALTH }),
    );
    const { router } = openApp('/bingo');

    expect(await screen.findByText(messages.offline.needsNetwork)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bingo');
    expect(screen.queryByRole('heading', { level: 1, name: 'Log in' })).toBeNull();

    // Answered at last: nobody is signed in after all.
    network.up = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('takes a 5xx for no answer too, and probes /api/health after 2 s, doubling to 30 s, and at once on focus', async () => {
    vi.useFakeTimers();
    let healthy = false;
    const api = mockApi({
      'GET /api/me': () =>
        healthy ? { body: { user: null } } : apiErrorReply(503, messages.generic.serverError),
      'GET /api/health': () => {
        if (!healthy) throw new TypeError('Failed to fetch');
        return HEALTH;
      },
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    stopWatching = watchReachability(queryClient);
    await queryClient.fetchQuery(meQueryOptions).catch(() => undefined);
    expect(isServerUnreachable()).toBe(true);
    expect(onlineManager.isOnline()).toBe(false);

    const probes = () => api.requestsTo('GET /api/health').length;
    let count = 0;
    for (const wait of [2_000, 4_000, 8_000, 16_000, 30_000, 30_000]) {
      await vi.advanceTimersByTimeAsync(wait - 100);
      expect(probes()).toBe(count);
      await vi.advanceTimersByTimeAsync(100);
      count += 1;
      expect(probes()).toBe(count);
    }

    healthy = true;
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(probes()).toBe(count + 1);
    // The session is asked again before the app counts as online.
    expect(api.requestsTo('GET /api/me')).toHaveLength(2);
    expect(isServerUnreachable()).toBe(false);
    expect(onlineManager.isOnline()).toBe(true);
  });
});
