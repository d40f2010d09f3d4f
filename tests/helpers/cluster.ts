import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import {
  findRedisServer,
  startThrowawayRedis,
  type ThrowawayRedis,
} from '../../scripts/redis-throwaway.mjs';
import { buildApp } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import { createTestApp, type TestApp } from './test-app';

/**
 * redis-server on this machine, or null. npm test and CI install it (scripts/test.mjs, .ci/run),
 * so under them a missing one is a failure; elsewhere the Redis tests are skipped with this message.
 */
export const redisServer = findRedisServer();
if (!redisServer) {
  if (process.env.CI || process.env.REDIS_TESTS_REQUIRED) {
    throw new Error('redis-server is missing (npm test and .ci/run install it with apt)');
  }
  console.warn(
    'Skipping the Redis tests: redis-server is not installed (apt-get install redis-server)',
  );
}

/** A throwaway Redis for one test file, started before its tests and killed after them. */
export function useThrowawayRedis(): { current: ThrowawayRedis } {
  const holder = {} as { current: ThrowawayRedis };
  beforeAll(async () => {
    if (redisServer) holder.current = await startThrowawayRedis({ binary: redisServer });
  });
  afterAll(async () => {
    await holder.current?.stop();
  });
  return holder;
}

export interface TestCluster {
  /** The instances, all on one database and one Redis. */
  apps: FastifyInstance[];
  config: AppConfig;
  /** Mail sent through the first instance. */
  sentMail: TestApp['sentMail'];
  close(): Promise<void>;
}

/**
 * Several instances of the real app as buildApp makes them, on one fresh database (one SQLite
 * file, or one PostgreSQL database with DATABASE_URL) and one Redis: what two API processes
 * behind a load balancer share.
 */
export async function createTestCluster(
  redisUrl: string,
  options: { instances?: number; env?: Record<string, string>; config?: Partial<AppConfig> } = {},
): Promise<TestCluster> {
  const first: TestApp = await createTestApp(
    { REDIS_URL: redisUrl, ...options.env },
    options.config ? { config: options.config } : {},
  );
  const others: FastifyInstance[] = [];
  for (let i = 1; i < (options.instances ?? 2); i += 1) {
    const app = await buildApp({
      config: first.config,
      mailer: { send: () => Promise.resolve() },
      logger: false,
    });
    await app.ready();
    others.push(app);
  }
  return {
    apps: [first.app, ...others],
    config: first.config,
    sentMail: first.sentMail,
    async close() {
      await Promise.all(others.map((app) => app.close()));
      await first.close();
    },
  };
}

/**
 * Waits until a message published on one instance's bus reaches another's: both are
 * connected and subscribed (after start-up, or after Redis came back).
 */
export async function waitUntilBusConnects(from: FastifyInstance, to: FastifyInstance) {
  let heard = false;
  const unsubscribe = to.deps.bus.subscribe('test:probe', () => (heard = true));
  try {
    for (let attempt = 0; attempt < 200 && !heard; attempt += 1) {
      from.deps.bus.publish('test:probe', 'ping');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!heard) throw new Error('the instances never heard each other through Redis');
  } finally {
    unsubscribe();
  }
}
