import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * The app's two connections to the shared Redis (decision 012). `client` runs commands: it
 * publishes live updates and session revocations, counts rate limits and keeps recommendation
 * sessions. `subscriber` only listens (a connection in pub/sub mode can do nothing else).
 */
export interface SharedRedis {
  client: Redis;
  subscriber: Redis;
  /** True while both connections are up; callers fall back to per-instance state otherwise. */
  isReady(): boolean;
  /** Resolves when both connections are up, or after `timeoutMs` (Redis away at start-up). */
  whenReady(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Reconnect quickly at first, then every 2 s at most, for ever: a Redis that comes back is used. */
const retryStrategy = (attempt: number) => Math.min(attempt * 100, 2000);

/**
 * Opens both connections. While Redis is away, commands fail at once rather than queue (no
 * request waits on it), and the app logs one warning when it goes and one line when it is back.
 */
export function openSharedRedis(url: string, log: FastifyBaseLogger): SharedRedis {
  const common: RedisOptions = { retryStrategy, connectTimeout: 2000, connectionName: 'bingo' };
  const client = new Redis(url, {
    ...common,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // A Redis that hangs rather than drops must not hang requests either.
    commandTimeout: 1000,
    // Commands issued in one turn of the event loop leave in one write: a placement publishes
    // its points and the leaderboard change together, one system call rather than two, and
    // many requests' rate-limit counts in a busy turn share one too.
    enableAutoPipelining: true,
  });
  // The subscriber queues its SUBSCRIBE commands until connected, and resubscribes after a drop.
  const subscriber = new Redis(url, { ...common, maxRetriesPerRequest: null });

  const connections = [client, subscriber];
  const isReady = () => connections.every((c) => c.status === 'ready');
  let lost = false;
  let closing = false;
  for (const connection of connections) {
    // Without a listener ioredis prints every failed reconnect; the outage is logged once below.
    connection.on('error', (error: Error) => log.debug({ err: error }, 'redis connection error'));
    connection.on('close', () => {
      if (closing || lost) return;
      lost = true;
      log.warn(
        'Redis is unavailable: rate limits are counted per instance and live updates reach this instance only until it is back',
      );
    });
    connection.on('ready', () => {
      if (lost && isReady()) {
        lost = false;
        log.info('Redis is back: shared rate limits and live updates resumed');
      }
    });
  }

  return {
    client,
    subscriber,
    isReady,
    async whenReady(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!isReady() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return isReady();
    },
    async close() {
      closing = true;
      await Promise.all(
        connections.map(async (c) => {
          if (c.status !== 'ready') return c.disconnect();
          await c.quit().catch(() => c.disconnect());
        }),
      );
    },
  };
}
