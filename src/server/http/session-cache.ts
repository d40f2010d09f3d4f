import type { MessageBus } from '../shared/bus';
import type { SharedRedis } from '../shared/redis';
import type { Viewer } from './viewer';

/**
 * The bus channel of session revocations (decision 011): the message is a user id, and every
 * instance's session cache forgets that user's sessions at once. Sign-out, a password reset,
 * a role change and a profile change (the viewer carries the name) publish here.
 */
export const SESSIONS_REVOKED_CHANNEL = 'sessions:revoked';

/** Tells every instance's session cache that `userId`'s cached sessions are no longer true. */
export function publishSessionsRevoked(bus: MessageBus, userId: string): void {
  bus.publish(SESSIONS_REVOKED_CHANNEL, userId);
}

/**
 * What many instances need to trust their cached sessions without asking Redis on every
 * request (decision 027; until then a revocation stamp was read from Redis on each): every
 * revocation comes through the bus, so a cached session is trusted while the bus is delivering
 * (`live`), and an instance that revokes answers only once the revocation has reached every
 * other instance's connection (`delivered`). While Redis is away, sessions are read from the
 * database on every request (it has them as they are), not from the cache.
 */
export interface SharedRevocations {
  /** True while every instance's revocations reach this one (Redis up, channels renewed). */
  live(): boolean;
  /**
   * Resolves once what this instance published so far has been handed by Redis to every
   * subscribed instance (a PING after it on the same connection), and this instance's own
   * sockets read in the turn that followed; at once when Redis is away.
   */
  delivered(): Promise<void>;
}

export function redisRevocations(redis: SharedRedis, live: () => boolean): SharedRevocations {
  return {
    live,
    async delivered() {
      if (!redis.isReady()) return;
      try {
        await redis.client.ping();
      } catch {
        // Redis went away: the bus's interruption empties every cache on its return.
      }
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/** Revokes `userId`'s sessions everywhere: the bus, then the wait for its delivery. */
export async function revokeSessions(
  bus: MessageBus,
  shared: SharedRevocations | undefined,
  userId: string,
): Promise<void> {
  publishSessionsRevoked(bus, userId);
  await shared?.delivered();
}

/**
 * How long a looked-up session is trusted without asking the database again. Revocations come
 * through the bus at once; this bounds only what nobody announced (the session's own expiry is
 * never passed, and a change made by another process without a shared bus).
 */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Cached sessions at most; the oldest go first. Each is a few hundred bytes. */
export const SESSION_CACHE_MAX_ENTRIES = 50_000;

interface Entry {
  userId: string;
  viewer: Viewer;
  expiresAt: number;
}

export interface SessionCache {
  /** The viewer of a signed session cookie, or undefined when not cached (or stale). */
  get(cookie: string): Viewer | undefined;
  /** A ticket taken before the database lookup; `set` refuses it if a revocation came since. */
  ticket(): number;
  set(cookie: string, viewer: Viewer, sessionExpiresAt: number, ticket: number): void;
  /** Forgets every cached session of the user (this instance only; publish for all). */
  forgetUser(userId: string): void;
  size(): number;
  close(): void;
}

export interface SessionCacheOptions {
  bus: MessageBus;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
  /**
   * True when the database was changed by another process since the last call (SQLite's
   * data_version): then the whole cache is dropped, so e.g. `npm run admin` is seen at once.
   */
  changedElsewhere?: () => boolean;
}

/**
 * Signed-in viewers by session cookie, so a signed-in read does not query the sessions and
 * users tables on every request. Kept true by the bus: revocations arrive on
 * SESSIONS_REVOKED_CHANNEL, and when the shared bus may have missed messages (Redis lost or
 * back) the cache empties itself.
 */
export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const byUser = new Map<string, Set<string>>();
  // Bumped by every revocation: a lookup that started before one must not be cached after it.
  let generation = 0;

  const remove = (cookie: string) => {
    const entry = entries.get(cookie);
    if (!entry) return;
    entries.delete(cookie);
    const cookies = byUser.get(entry.userId);
    cookies?.delete(cookie);
    if (cookies?.size === 0) byUser.delete(entry.userId);
  };
  const clear = () => {
    generation += 1;
    entries.clear();
    byUser.clear();
  };
  const forgetUser = (userId: string) => {
    generation += 1;
    for (const cookie of byUser.get(userId) ?? []) entries.delete(cookie);
    byUser.delete(userId);
  };
  const unsubscribe = options.bus.subscribe(SESSIONS_REVOKED_CHANNEL, forgetUser);
  const unInterrupted = options.bus.onInterrupted(clear);

  return {
    get(cookie) {
      if (options.changedElsewhere?.()) clear();
      const entry = entries.get(cookie);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(cookie);
        return undefined;
      }
      return entry.viewer;
    },
    ticket: () => generation,
    set(cookie, viewer, sessionExpiresAt, ticket) {
      if (ticket !== generation) return;
      remove(cookie);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) remove(oldest.value);
      }
      entries.set(cookie, {
        userId: viewer.id,
        viewer,
        expiresAt: Math.min(now() + ttlMs, sessionExpiresAt),
      });
      let cookies = byUser.get(viewer.id);
      if (!cookies) byUser.set(viewer.id, (cookies = new Set()));
      cookies.add(cookie);
    },
    forgetUser,
    size: () => entries.size,
    close() {
      unsubscribe();
      unInterrupted();
      clear();
    },
  };
}

/** The session cookie's value (signed token) from a Cookie header; '' when there is none. */
export function sessionCookieOf(cookieHeader: string | undefined): string {
  if (!cookieHeader) return '';
  const match = /(?:^|;\s*)(?:__Secure-)?bingo\.session_token=([^;]*)/.exec(cookieHeader);
  return match?.[1]?.trim() ?? '';
}
