/**
 * The app's own offline store (issue 26, decision 025): the signed-in reader's card, grids,
 * profile, want-to-read and session, kept in this browser's localStorage under their id, so
 * /bingo, /profile and /rules open offline from what was last seen. The service worker never
 * caches an /api answer; this is the only copy of the reader's data on the device, and it is
 * removed at sign-out, when the session ends, and when another reader signs in.
 */
import {
  dehydrate,
  hydrate,
  onlineManager,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { ME_QUERY_KEY, type MeResponse } from '../services/session-api';

export const OFFLINE_CACHE_KEY = 'hedgehog-bingo:offline';
/** Each reader's queue of placements made offline (placement-queue.ts) is kept under this + id. */
export const OFFLINE_QUEUE_PREFIX = 'hedgehog-bingo:queue:';
/** Bumped when what is stored changes shape: an older copy is then dropped, not read. */
const OFFLINE_CACHE_VERSION = 1;
/** What was last seen is offered offline for a week at most. */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Writes wait this long after a change, so a burst of answers (a page's start-up) is stored once,
 * and then for an idle moment of the main thread, so storing never holds up a tap or a paint.
 */
const WRITE_DELAY_MS = 1_000;
/** An idle moment is waited for this long at most (a busy page still stores what it saw). */
const WRITE_IDLE_TIMEOUT_MS = 2_000;

/** The reader's own data, by query key root (see each feature's api/ for the keys). */
const KEPT_ROOTS: readonly (readonly string[])[] = [
  ME_QUERY_KEY,
  ['grids'],
  ['bingo', 'card'],
  ['profile'],
  // Placing offline: the books the app already knows, to choose from without a network.
  ['bingo', 'suggestions'],
  ['bingo', 'search'],
];

interface StoredCache {
  version: number;
  readerId: string;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

function isKept(queryKey: readonly unknown[]): boolean {
  return KEPT_ROOTS.some((root) => root.every((part, index) => queryKey[index] === part));
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The copy last read or written, so an unchanged copy is not parsed again on every write. */
let lastSeen: { raw: string; stored: StoredCache | null } | null = null;

function parseStored(raw: string): StoredCache | null {
  try {
    const stored = JSON.parse(raw) as StoredCache;
    if (stored.version !== OFFLINE_CACHE_VERSION || typeof stored.readerId !== 'string') {
      return null;
    }
    return stored;
  } catch {
    return null;
  }
}

function readStored(): StoredCache | null {
  const raw = storage()?.getItem(OFFLINE_CACHE_KEY);
  if (!raw) return null;
  // Another tab may have written since: the text decides, not a flag of ours.
  if (lastSeen?.raw !== raw) lastSeen = { raw, stored: parseStored(raw) };
  return lastSeen.stored;
}

/** Forgets every reader's queue of offline placements but `keep`'s (the one signed in). */
export function clearOfflineQueues(keep?: string): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
  for (const key of keys) {
    if (key?.startsWith(OFFLINE_QUEUE_PREFIX) && key !== `${OFFLINE_QUEUE_PREFIX}${keep}`) {
      store.removeItem(key);
    }
  }
}

/**
 * Forgets everything kept for offline use, placements waiting to be sent included (sign-out,
 * session ended).
 */
export function clearOfflineCache(): void {
  storage()?.removeItem(OFFLINE_CACHE_KEY);
  clearOfflineQueues();
}

function readerIdOf(queryClient: QueryClient): string | null {
  return queryClient.getQueryData<MeResponse>(ME_QUERY_KEY)?.user?.id ?? null;
}

/** Stores the signed-in reader's kept queries now; with nobody signed in, clears instead. */
export function writeOfflineCache(queryClient: QueryClient, now = Date.now()): void {
  const me = queryClient.getQueryData<MeResponse>(ME_QUERY_KEY);
  // Not known yet (the session is still being asked): nothing to write, nothing to forget.
  if (!me) return;
  const readerId = me.user?.id;
  if (!readerId) {
    clearOfflineCache();
    return;
  }
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query: Query) =>
      query.state.status === 'success' && isKept(query.queryKey),
  });
  // A page load starts with an empty cache: what this reader saw on an earlier load (their
  // profile, say) and has not fetched since is carried over, not dropped.
  const previous = readStored();
  if (previous?.readerId === readerId) {
    const fresh = new Set(state.queries.map((query) => query.queryHash));
    state.queries.push(...previous.state.queries.filter((query) => !fresh.has(query.queryHash)));
  }
  const stored: StoredCache = { version: OFFLINE_CACHE_VERSION, readerId, savedAt: now, state };
  try {
    const raw = JSON.stringify(stored);
    storage()?.setItem(OFFLINE_CACHE_KEY, raw);
    lastSeen = { raw, stored };
  } catch {
    // A full or refused storage only means no offline copy: the app works on as before.
  }
}

/**
 * Puts what was last seen back into the cache: only when the browser is offline (online, the
 * server answers as always) and only a copy younger than OFFLINE_MAX_AGE_MS. Returns whether
 * anything was restored.
 */
export function restoreOfflineCache(
  queryClient: QueryClient,
  { online = navigator.onLine, now = Date.now() } = {},
): boolean {
  const stored = readStored();
  if (!stored) return false;
  if (now - stored.savedAt > OFFLINE_MAX_AGE_MS) {
    // Too old to show; placements still waiting to be sent stay (they go when online).
    storage()?.removeItem(OFFLINE_CACHE_KEY);
    return false;
  }
  if (online) return false;
  hydrate(queryClient, stored.state);
  return true;
}

/**
 * Keeps the offline copy in step with the cache: written shortly after any kept query changes;
 * cleared as soon as the session says nobody (or somebody else) is signed in. Kept queries live
 * in memory as long as the copy does, so a page not opened since start-up is still there
 * offline. Returns the unsubscribe.
 */
export function keepOfflineCache(queryClient: QueryClient): () => void {
  for (const root of KEPT_ROOTS) {
    queryClient.setQueryDefaults(root, { gcTime: OFFLINE_MAX_AGE_MS });
  }
  // One write waits at a time: WRITE_DELAY_MS after the last change, then an idle moment.
  let timer: ReturnType<typeof setTimeout> | null = null;
  let idle: number | null = null;
  let pending = false;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    if (idle !== null) window.cancelIdleCallback?.(idle);
    timer = null;
    idle = null;
    pending = false;
  };
  const write = () => {
    cancel();
    writeOfflineCache(queryClient);
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    if (idle !== null) window.cancelIdleCallback?.(idle);
    idle = null;
    pending = true;
    timer = setTimeout(() => {
      timer = null;
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(write, { timeout: WRITE_IDLE_TIMEOUT_MS });
      } else write();
    }, WRITE_DELAY_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const query = event.query as Query;
    if (!isKept(query.queryKey)) return;
    if (event.type !== 'updated' && event.type !== 'removed') return;
    if (query.queryKey[0] === ME_QUERY_KEY[0] && event.type === 'updated') {
      const readerId = readerIdOf(queryClient);
      const stored = readStored();
      // Signed out, or another reader: nothing of the last one stays, not even for a moment.
      if (query.state.status === 'success' && !readerId) clearOfflineCache();
      else if (query.state.status === 'success' && stored?.readerId !== readerId) {
        // Another reader (or no copy yet): the copy goes, and every queue but this reader's.
        storage()?.removeItem(OFFLINE_CACHE_KEY);
        clearOfflineQueues(readerId ?? undefined);
      }
    }
    schedule();
  });
  // A page left before the write (a link followed, a reload) still stores what it saw.
  const flush = () => {
    if (!pending) return;
    cancel();
    writeOfflineCache(queryClient);
  };
  window.addEventListener('pagehide', flush);
  return () => {
    cancel();
    window.removeEventListener('pagehide', flush);
    unsubscribe();
  };
}

/** When the kept data was last fetched (the newest of the kept queries), or null. */
export function lastFetchedAt(queryClient: QueryClient): number | null {
  let newest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (isKept(query.queryKey) && query.state.status === 'success') {
      newest = Math.max(newest, query.state.dataUpdatedAt);
    }
  }
  return newest > 0 ? newest : null;
}

/**
 * Tells TanStack Query whether the browser is online at start-up. Its online manager assumes
 * online until an `offline` event, so a page loaded offline would fetch every stale query, fail
 * and show the failure (the profile's 'Failed to load profile data') over the restored data;
 * told it is offline, queries wait (paused, their restored data shown) until the network is back.
 */
export function syncOnlineManager(online = navigator.onLine): void {
  onlineManager.setOnline(online);
}

/** The app's query client with its offline copy: restored first (when offline), then kept. */
export function withOfflineCache(queryClient: QueryClient): QueryClient {
  syncOnlineManager();
  restoreOfflineCache(queryClient);
  keepOfflineCache(queryClient);
  return queryClient;
}
