import { EventEmitter } from 'node:events';

/** What a live connection is told (SPEC.md section 2: points counter and leaderboards). */
export type LiveEvent = { type: 'points'; totalPoints: number } | { type: 'leaderboard' };

export interface EventHub {
  /** The user's own connections learn their new total. */
  publishPoints(userId: string, totalPoints: number): void;
  /** Every connection learns that some score changed, so open leaderboards refetch. */
  publishLeaderboardChanged(): void;
  /** Listens for one user's events; returns the unsubscribe function. */
  subscribe(userId: string, listener: (event: LiveEvent) => void, onClose: () => void): () => void;
  /** How many connections a user holds open. */
  connectionsOf(userId: string): number;
  /** Ends every connection (the app is closing). */
  closeAll(): void;
}

/**
 * The in-process live-update hub: one EventEmitter per app, so it reaches the connections of
 * this instance only. Scale-out plan (DESIGN.md): with REDIS_URL set, publish through Redis
 * pub/sub and let each instance's hub deliver to its own connections.
 */
export function createEventHub(): EventHub {
  const emitter = new EventEmitter();
  // One listener per open connection; the count is bounded by connectionsOf checks.
  emitter.setMaxListeners(0);
  const perUser = new Map<string, number>();
  const pointsChannel = (userId: string) => `points:${userId}`;

  return {
    publishPoints(userId, totalPoints) {
      emitter.emit(pointsChannel(userId), { type: 'points', totalPoints } satisfies LiveEvent);
    },
    publishLeaderboardChanged() {
      emitter.emit('leaderboard', { type: 'leaderboard' } satisfies LiveEvent);
    },
    subscribe(userId, listener, onClose) {
      emitter.on(pointsChannel(userId), listener);
      emitter.on('leaderboard', listener);
      emitter.on('close', onClose);
      perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        emitter.off(pointsChannel(userId), listener);
        emitter.off('leaderboard', listener);
        emitter.off('close', onClose);
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
      };
    },
    connectionsOf(userId) {
      return perUser.get(userId) ?? 0;
    },
    closeAll() {
      emitter.emit('close');
    },
  };
}
