import { EventEmitter } from 'node:events';
import { SESSIONS_REVOKED_CHANNEL } from '../http/session-cache';
import { createLocalBus, type MessageBus } from '../shared/bus';

/** What a live connection is told (SPEC.md section 2: points counter and leaderboards). */
export type LiveEvent = { type: 'points'; totalPoints: number } | { type: 'leaderboard' };

export interface EventHub {
  /** The user's own connections learn their new total. */
  publishPoints(userId: string, totalPoints: number): void;
  /** Every connection learns that some score changed, so open leaderboards refetch. */
  publishLeaderboardChanged(): void;
  /**
   * Listens for one user's events; returns the unsubscribe function. `onClose` ends the
   * connection when the app closes. `onSessionsChanged` runs when the user's sessions change on
   * any instance (sign-out, password reset, role or profile change): the connection checks
   * that its own session still holds, so a stolen session's stream hears no more.
   */
  subscribe(
    who: { userId: string; address: string },
    listener: (event: LiveEvent) => void,
    onClose: () => void,
    onSessionsChanged: () => void,
  ): () => void;
  /** How many connections a user holds open. */
  connectionsOf(userId: string): number;
  /** How many connections one address holds open on this instance, whoever signed in. */
  connectionsFrom(address: string): number;
  /** How many connections this instance holds open, for everyone. */
  connectionCount(): number;
  /** Ends every connection (the app is closing). */
  closeAll(): void;
}

/** Bus channels of live updates (decision 012): every instance hears every placement. */
export const LIVE_CHANNELS = { points: 'live:points', leaderboard: 'live:leaderboard' } as const;

function parsePoints(message: string): { userId: string; totalPoints: number } | null {
  try {
    const parsed = JSON.parse(message) as { userId?: unknown; totalPoints?: unknown };
    return typeof parsed.userId === 'string' && typeof parsed.totalPoints === 'number'
      ? { userId: parsed.userId, totalPoints: parsed.totalPoints }
      : null;
  } catch {
    return null;
  }
}

/**
 * The live-update hub of one instance. Publishing goes through the message bus, so with
 * REDIS_URL set a placement on any instance reaches the connections of every instance; each
 * hub delivers what the bus brings to the connections open on its own instance.
 */
export function createEventHub(bus: MessageBus = createLocalBus()): EventHub {
  const emitter = new EventEmitter();
  // One listener per open connection; the count is bounded by connectionsOf checks.
  emitter.setMaxListeners(0);
  const perUser = new Map<string, number>();
  const perAddress = new Map<string, number>();
  let total = 0;
  const count = (counts: Map<string, number>, key: string, by: 1 | -1) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  const pointsChannel = (userId: string) => `points:${userId}`;
  const revokedChannel = (userId: string) => `revoked:${userId}`;
  const fromBus = [
    bus.subscribe(LIVE_CHANNELS.points, (message) => {
      const points = parsePoints(message);
      if (!points) return;
      emitter.emit(pointsChannel(points.userId), {
        type: 'points',
        totalPoints: points.totalPoints,
      } satisfies LiveEvent);
    }),
    bus.subscribe(LIVE_CHANNELS.leaderboard, () => {
      emitter.emit('leaderboard', { type: 'leaderboard' } satisfies LiveEvent);
    }),
    bus.subscribe(SESSIONS_REVOKED_CHANNEL, (userId) => emitter.emit(revokedChannel(userId))),
  ];

  return {
    publishPoints(userId, totalPoints) {
      bus.publish(LIVE_CHANNELS.points, JSON.stringify({ userId, totalPoints }));
    },
    publishLeaderboardChanged() {
      bus.publish(LIVE_CHANNELS.leaderboard, '');
    },
    subscribe({ userId, address }, listener, onClose, onSessionsChanged) {
      emitter.on(pointsChannel(userId), listener);
      emitter.on('leaderboard', listener);
      emitter.on('close', onClose);
      emitter.on(revokedChannel(userId), onSessionsChanged);
      count(perUser, userId, 1);
      count(perAddress, address, 1);
      total += 1;
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        total -= 1;
        emitter.off(pointsChannel(userId), listener);
        emitter.off('leaderboard', listener);
        emitter.off('close', onClose);
        emitter.off(revokedChannel(userId), onSessionsChanged);
        count(perUser, userId, -1);
        count(perAddress, address, -1);
      };
    },
    connectionsOf(userId) {
      return perUser.get(userId) ?? 0;
    },
    connectionsFrom(address) {
      return perAddress.get(address) ?? 0;
    },
    connectionCount() {
      return total;
    },
    closeAll() {
      for (const unsubscribe of fromBus) unsubscribe();
      emitter.emit('close');
    },
  };
}
