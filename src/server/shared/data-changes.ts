import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../db/database';
import type { MessageBus } from './bus';
import type { SharedRedis } from './redis';

/**
 * The bus channel of committed writes on PostgreSQL (decision 027): `<origin> <sequence>`, the
 * writing instance's id and how many of its commits it has told of so far. Every instance
 * counts them, and what it keeps in memory under the count is read anew after each.
 */
export const DATA_CHANGED_CHANNEL = 'data:changed';

/**
 * How long a request that names a commit this instance has not heard of yet waits for it on
 * the bus (`catchUp`); past it the commit counts as heard, and every kept answer is dropped.
 */
export const CATCH_UP_WAIT_MS = 250;

/**
 * After Redis is back, kept answers wait this long before they are trusted again: the
 * subscriber renews its channels just after it reconnects, and a commit told of meanwhile is lost.
 */
export const RESUBSCRIBE_GRACE_MS = 1000;

/** One of this instance's commits, as a response names it to the reader (http/read-your-writes.ts). */
export interface CommitMark {
  origin: string;
  sequence: number;
}

/**
 * What answers kept in memory are keyed on, the same way on both databases (decision 027).
 * SQLite: its change count (database.ts: this process's writes and data_version). PostgreSQL:
 * this instance's writes (counted as each starts and again once committed) plus every commit
 * another instance tells of on the bus; while Redis is away nothing is kept.
 */
export interface DataChanges {
  /** The count kept answers are stored under; undefined when none may be served now. */
  count(): number | undefined;
  /** Listens for commits other instances tell of (and for moments some may have been missed). */
  onRemoteChange(listener: () => void): () => void;
  /** This instance's latest commit, for a response to carry; undefined on SQLite or before any. */
  lastCommit(): CommitMark | undefined;
  /** Whether `catchUp(mark)` would wait: a commit of another instance not heard of yet. */
  waitsFor(mark: CommitMark): boolean;
  /**
   * Resolves once this instance has heard of `mark` (or after CATCH_UP_WAIT_MS, when it is
   * counted as heard); undefined when there is nothing to wait for.
   */
  catchUp(mark: CommitMark): Promise<void> | undefined;
  close(): void;
}

/**
 * The change count of the app's database and bus. On PostgreSQL it also becomes the handle's
 * `changeCount`, so the card (bingo.service.ts) keeps its answers as it does on SQLite.
 */
export function createDataChanges(deps: {
  database: DatabaseHandle;
  bus: MessageBus;
  /** The shared Redis when instances share one; its absence means one instance. */
  redis: SharedRedis | undefined;
  now?: () => number;
}): DataChanges {
  const { database, bus, redis } = deps;
  const now = deps.now ?? Date.now;
  const listeners = new Set<() => void>();
  const tellListeners = () => {
    for (const listener of listeners) listener();
  };
  const onRemoteChange = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  if (!database.watchWrites) {
    const changeCount = database.changeCount;
    return {
      count: () => changeCount?.(),
      onRemoteChange,
      lastCommit: () => undefined,
      waitsFor: () => false,
      catchUp: () => undefined,
      close: () => listeners.clear(),
    };
  }

  const origin = randomBytes(9).toString('base64url');
  let local = 0;
  let remote = 0;
  let sequence = 0;
  let published = 0;
  let publishing = false;
  // Commits told of in one turn of the event loop go out as one message (the latest sequence).
  const publish = () => {
    publishing = false;
    if (published === sequence) return;
    published = sequence;
    bus.publish(DATA_CHANGED_CHANNEL, `${origin} ${sequence}`);
  };
  database.watchWrites({
    started() {
      local += 1;
    },
    committed() {
      local += 1;
      sequence += 1;
      if (!publishing) {
        publishing = true;
        setImmediate(publish);
      }
    },
  });

  // The latest sequence heard from each other instance, and requests waiting for one.
  const heard = new Map<string, number>();
  const waiting = new Map<string, { sequence: number; wake: () => void }[]>();
  const hear = (from: string, upTo: number) => {
    if ((heard.get(from) ?? 0) < upTo) heard.set(from, upTo);
    const waiters = waiting.get(from);
    if (!waiters) return;
    const still = waiters.filter((waiter) => waiter.sequence > upTo);
    for (const waiter of waiters) if (waiter.sequence <= upTo) waiter.wake();
    if (still.length > 0) waiting.set(from, still);
    else waiting.delete(from);
  };
  const unsubscribe = bus.subscribe(DATA_CHANGED_CHANNEL, (message) => {
    const space = message.indexOf(' ');
    const from = message.slice(0, space);
    if (space < 0 || from === origin) return;
    remote += 1;
    hear(from, Number(message.slice(space + 1)) || 0);
    tellListeners();
  });
  // Commits told of while this instance was cut off are lost: everything kept is dropped when
  // the link goes and again when it is back, and nothing is kept for a moment after that.
  const liveness = busLiveness({ bus, redis, now });
  let wasLive = true;
  const unInterrupted = bus.onInterrupted(() => {
    remote += 1;
    tellListeners();
  });

  const count = () => {
    if (!liveness.live()) {
      wasLive = false;
      return undefined;
    }
    if (!wasLive) {
      wasLive = true;
      remote += 1;
    }
    return local + remote;
  };
  database.changeCount = count;

  const waitsFor = (mark: CommitMark) =>
    redis !== undefined &&
    mark.origin !== origin &&
    count() !== undefined &&
    (heard.get(mark.origin) ?? 0) < mark.sequence;

  return {
    count,
    onRemoteChange,
    lastCommit: () => (sequence === 0 ? undefined : { origin, sequence }),
    waitsFor,
    catchUp(mark) {
      if (!waitsFor(mark)) return undefined;
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          // Not heard in time (a lost message, an instance gone): counted as heard, and every
          // kept answer is read anew, which is what hearing it would have done.
          remote += 1;
          hear(mark.origin, mark.sequence);
          tellListeners();
        }, CATCH_UP_WAIT_MS);
        let list = waiting.get(mark.origin);
        if (!list) waiting.set(mark.origin, (list = []));
        list.push({
          sequence: mark.sequence,
          wake() {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close() {
      unsubscribe();
      unInterrupted();
      liveness.close();
      listeners.clear();
      for (const waiters of waiting.values()) for (const waiter of waiters) waiter.wake();
      waiting.clear();
    },
  };
}

/**
 * Whether the shared bus is delivering every instance's messages to this one now: always on one
 * instance (no Redis); with Redis, while both connections are up, except for RESUBSCRIBE_GRACE_MS
 * after an interruption. What is kept fresh by the bus (kept answers, cached sessions) is
 * trusted only while it is.
 */
export function busLiveness(deps: {
  bus: MessageBus;
  redis: SharedRedis | undefined;
  now?: () => number;
}): { live(): boolean; close(): void } {
  const { redis } = deps;
  if (!redis) return { live: () => true, close: () => undefined };
  const now = deps.now ?? Date.now;
  let distrustUntil = 0;
  const unInterrupted = deps.bus.onInterrupted(() => {
    distrustUntil = now() + RESUBSCRIBE_GRACE_MS;
  });
  return {
    live() {
      if (!redis.isReady()) return false;
      if (distrustUntil === 0) return true;
      if (now() < distrustUntil) return false;
      distrustUntil = 0;
      return true;
    },
    close: unInterrupted,
  };
}
