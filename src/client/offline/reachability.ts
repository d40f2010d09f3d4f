/**
 * Lie-fi (issue 26, offline): the browser says it is online, yet requests fail on the way (a captive
 * portal, a dead Wi-Fi, the server out of reach). A session check that gets no answer (fetch
 * rejects, or the service worker answers with a network error) or a 5xx says nothing about the
 * session, so it must not count as "signed out": the app goes offline as in airplane mode (the
 * offline copy restored, TanStack Query's online manager offline, so queries pause and
 * placements queue) and asks `GET /api/health` until it answers. Then the session is checked
 * again, and only after that is the app online (so the queue is sent by a known reader).
 * A 401 is an answer: signed out, as always.
 */
import { onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../services/api-client';
import { ME_QUERY_KEY, meQueryOptions } from '../services/session-api';
import { restoreOfflineCache } from './offline-cache';

/** The first probe of /api/health waits this long; each miss in a row doubles it... */
const FIRST_PROBE_MS = 2_000;
/** ...up to this. */
const LAST_PROBE_MS = 30_000;

/**
 * reachable: as always. unreachable: the session check got no answer; /api/health is probed.
 * rechecking: /api/health answered; TanStack Query is online again and the session is asked.
 */
type Reach = 'reachable' | 'unreachable' | 'rechecking';

let reach: Reach = 'reachable';
const listeners = new Set<() => void>();

function setReach(next: Reach): void {
  if (reach === next) return;
  reach = next;
  for (const listener of listeners) listener();
}

/** Whether the server was found out of reach while the browser says it is online. */
export function isServerUnreachable(): boolean {
  return reach !== 'reachable';
}

/** Calls `onChange` whenever isServerUnreachable() may have changed; returns the unsubscribe. */
export function subscribeReachability(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

/**
 * Calls `onChange` whenever the browser's `online`/`offline` or isServerUnreachable() may have
 * changed (what both useOnline and TanStack Query's online manager follow); returns the
 * unsubscribe.
 */
export function subscribeConnectivity(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const unsubscribe = subscribeReachability(onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    unsubscribe();
  };
}

/** No answer at all, or the server failing: nothing was decided about the session. */
function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && error.isServerFailure;
}

/**
 * Watches the session check (['me']) of `queryClient` and handles lie-fi as the top of this file
 * says; the probe waits FIRST_PROBE_MS, doubling to LAST_PROBE_MS, and goes at once on `online`,
 * `focus` and a page shown again. Returns the stop (everything reachable again).
 */
export function watchReachability(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probing = false;
  let stopped = false;
  // Probes and session checks failed in a row (a server whose /api/health answers while its
  // /api/me fails must not be asked every 2 s); a session check answered starts again at 2 s.
  let misses = 0;
  let rechecks = 0;

  // Online for TanStack Query means the browser says so and the server was not found out of
  // reach: an `online` event in lie-fi does not resume paused queries into failures.
  onlineManager.setEventListener((setOnline) =>
    subscribeConnectivity(() => setOnline(navigator.onLine && reach !== 'unreachable')),
  );

  const scheduleProbe = () => {
    clearTimeout(timer);
    const wait = Math.min(FIRST_PROBE_MS * 2 ** misses, LAST_PROBE_MS);
    misses += 1;
    timer = setTimeout(() => void probe(), wait);
  };

  const enter = () => {
    if (reach === 'unreachable') return;
    // What was last seen, as offline: a page loaded in lie-fi has nothing else to show.
    restoreOfflineCache(queryClient, { online: false });
    setReach('unreachable');
    scheduleProbe();
  };

  const recheck = async () => {
    const round = ++rechecks;
    setReach('rechecking');
    // Awaited here, not through invalidateQueries (which does not wait for a query still paused
    // at this instant); a session check already on its way (a retry held back) is joined.
    await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }).catch(() => undefined);
    // A check that failed again has gone back to 'unreachable' (enter): that stays.
    if (!stopped && round === rechecks && reach === 'rechecking') setReach('reachable');
  };

  const probe = async () => {
    clearTimeout(timer);
    if (probing || stopped || reach !== 'unreachable') return;
    probing = true;
    let answered = false;
    try {
      // Our health answer, not a captive portal's page served with 200 in its place.
      const health: unknown = await apiRequest('/api/health');
      answered = typeof health === 'object' && health !== null && 'status' in health;
    } catch {
      // Still out of reach: the next probe waits longer.
    }
    probing = false;
    if (stopped || reach !== 'unreachable') return;
    if (answered) await recheck();
    else scheduleProbe();
  };

  const probeNow = () => {
    if (reach === 'unreachable' && document.visibilityState !== 'hidden') void probe();
  };
  window.addEventListener('online', probeNow);
  window.addEventListener('focus', probeNow);
  document.addEventListener('visibilitychange', probeNow);

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || (event.query as Query).queryKey[0] !== ME_QUERY_KEY[0]) return;
    const { action } = event;
    if (action.type === 'success') misses = 0;
    // 'failed' is an attempt that will be retried: the copy need not wait for the retry.
    else if ((action.type === 'failed' || action.type === 'error') && isUnanswered(action.error)) {
      enter();
    }
  });

  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', probeNow);
    window.removeEventListener('focus', probeNow);
    document.removeEventListener('visibilitychange', probeNow);
    unsubscribe();
    setReach('reachable');
  };
}
