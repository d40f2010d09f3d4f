import { RECOMMENDATION_REFILL_MIN_MS, RECOMMENDATION_REFILL_THRESHOLD } from '../../../lib/limits';

/**
 * What one sign-in session has done on the recommendation page: SPEC.md section 4 excludes a
 * disliked author "for the session", and a swiped or shown book never comes back in it.
 */
export interface RecommendationSession {
  likedIsbns: ReadonlySet<string>;
  dislikedIsbns: ReadonlySet<string>;
  /** Every book sent in a batch (the client holds or has swiped it). */
  seenIsbns: ReadonlySet<string>;
  /** authorKey of the lead author of each disliked book. */
  dislikedAuthors: ReadonlySet<string>;
}

/** What to add to a session's sets, e.g. `{ seenIsbns: [...] }`. */
export type RecommendationSessionAdditions = {
  [Part in keyof RecommendationSession]?: readonly string[];
};

/**
 * Where sessions are kept: this instance's memory (below), or Redis with REDIS_URL set
 * (shared-recommendation-sessions.ts), where they survive a restart and every instance sees them.
 */
export interface RecommendationSessionStore {
  /** The session's memory, empty when new or idle too long; reading it counts as use. */
  read(userId: string, sessionId: string): Promise<RecommendationSession>;
  add(userId: string, sessionId: string, additions: RecommendationSessionAdditions): Promise<void>;
}

/** A session untouched this long is forgotten (a better-auth session lasts 7 days). */
export const RECOMMENDATION_SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** At most this many sessions are kept in memory; the least recently used goes first. */
export const RECOMMENDATION_SESSION_MAX = 20_000;

export const SESSION_PARTS = [
  'likedIsbns',
  'dislikedIsbns',
  'seenIsbns',
  'dislikedAuthors',
] as const satisfies readonly (keyof RecommendationSession)[];

type MutableSession = { [Part in keyof RecommendationSession]: Set<string> };

/**
 * The per-session swipe memory in this instance's memory, keyed by user id and better-auth
 * session id: the store of one instance without REDIS_URL, and the fallback while Redis is
 * away. A restart forgets it, which ends the "session" early: the reader may see a book or
 * author again, nothing worse.
 */
export function createRecommendationSessionStore(
  options: { idleMs?: number; maxSessions?: number; now?: () => number } = {},
) {
  const idleMs = options.idleMs ?? RECOMMENDATION_SESSION_IDLE_MS;
  const maxSessions = options.maxSessions ?? RECOMMENDATION_SESSION_MAX;
  const now = options.now ?? (() => Date.now());
  // A Map keeps insertion order: re-inserting on every use makes the first entry the stalest.
  const sessions = new Map<string, { session: MutableSession; touchedAt: number }>();

  const touch = (userId: string, sessionId: string): MutableSession => {
    const key = `${userId}:${sessionId}`;
    const time = now();
    const entry = sessions.get(key);
    sessions.delete(key);
    const session =
      entry && time - entry.touchedAt <= idleMs
        ? entry.session
        : {
            likedIsbns: new Set<string>(),
            dislikedIsbns: new Set<string>(),
            seenIsbns: new Set<string>(),
            dislikedAuthors: new Set<string>(),
          };
    sessions.set(key, { session, touchedAt: time });
    for (const [staleKey, stale] of sessions) {
      if (sessions.size <= maxSessions && time - stale.touchedAt <= idleMs) break;
      sessions.delete(staleKey);
    }
    return session;
  };

  return {
    read(userId: string, sessionId: string): Promise<RecommendationSession> {
      const session = touch(userId, sessionId);
      // Copies, so a caller holding them does not see later swipes change under it.
      return Promise.resolve({
        likedIsbns: new Set(session.likedIsbns),
        dislikedIsbns: new Set(session.dislikedIsbns),
        seenIsbns: new Set(session.seenIsbns),
        dislikedAuthors: new Set(session.dislikedAuthors),
      });
    },
    add(userId: string, sessionId: string, additions: RecommendationSessionAdditions) {
      const session = touch(userId, sessionId);
      for (const part of SESSION_PARTS) {
        for (const value of additions[part] ?? []) session[part].add(value);
      }
      return Promise.resolve();
    },
    get size() {
      return sessions.size;
    },
  } satisfies RecommendationSessionStore & { size: number };
}

/**
 * Refills per reader in a sliding window. SPEC.md section 9 asks for at least 5 s between
 * fetches (which alone allows 12 a minute); the window caps them at 10 a minute. A refill
 * brings up to 20 cards and is asked for when 10 remain, so 10 a minute is 100 or more
 * swipes: more than a person reading the cards makes, so it only ever stops scripts.
 */
export const RECOMMENDATION_REFILL_WINDOW_MS = 60_000;
export const RECOMMENDATION_REFILLS_PER_WINDOW = 10;

export type RefillDecision =
  { allowed: true } | { allowed: false; remaining: number; retryAfterMs: number };

/** The refill throttle, per reader (all their sessions together). */
export interface RefillThrottle {
  minIntervalMs: number;
  threshold: number;
  /**
   * Counts a refill when allowed. Refused: sooner than `minIntervalMs` after the last one,
   * or `max` already in the window; `remaining` is what the window still allows.
   */
  take(userId: string): Promise<RefillDecision>;
}

/** The refill throttle in this instance's memory (one instance, or Redis away). */
export function createRefillThrottle(
  options: {
    minIntervalMs?: number;
    max?: number;
    windowMs?: number;
    now?: () => number;
  } = {},
) {
  const minIntervalMs = options.minIntervalMs ?? RECOMMENDATION_REFILL_MIN_MS;
  const max = options.max ?? RECOMMENDATION_REFILLS_PER_WINDOW;
  const windowMs = options.windowMs ?? RECOMMENDATION_REFILL_WINDOW_MS;
  const now = options.now ?? (() => Date.now());
  const refills = new Map<string, number[]>();

  const sweep = (time: number) => {
    for (const [userId, times] of refills) {
      if (times.every((t) => time - t >= windowMs)) refills.delete(userId);
    }
  };

  const take = (userId: string): RefillDecision => {
    const time = now();
    if (refills.size > 10_000) sweep(time);
    const recent = (refills.get(userId) ?? []).filter((t) => time - t < windowMs);
    const remaining = Math.max(0, max - recent.length);
    const last = recent.at(-1);
    const tooSoon = last !== undefined && time - last < minIntervalMs;
    if (tooSoon || remaining === 0) {
      refills.set(userId, recent);
      const untilInterval = last === undefined ? 0 : minIntervalMs - (time - last);
      const untilWindow =
        remaining === 0 && recent[0] !== undefined ? windowMs - (time - recent[0]) : 0;
      return {
        allowed: false,
        remaining,
        retryAfterMs: Math.max(untilInterval, untilWindow, 0),
      };
    }
    recent.push(time);
    refills.set(userId, recent);
    return { allowed: true };
  };
  return {
    minIntervalMs,
    threshold: RECOMMENDATION_REFILL_THRESHOLD,
    take: (userId) => Promise.resolve(take(userId)),
  } satisfies RefillThrottle;
}
