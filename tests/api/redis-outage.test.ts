import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/lib/messages';
import { LIVE_EVENT } from '../../src/lib/schemas/bingo';
import { openSharedRedis } from '../../src/server/shared/redis';
import { createRedisBus } from '../../src/server/shared/redis-bus';
import { createGrid, placeBook, type TestGrid } from '../helpers/bingo';
import { addBooks, FILLER_BOOKS } from '../helpers/books';
import {
  createTestCluster,
  redisServer,
  useThrowawayRedis,
  waitUntilBusConnects,
  type TestCluster,
} from '../helpers/cluster';
import { listen } from '../helpers/live-events';
import { call, createUser, errorOf, type TestUser } from '../helpers/test-app';

// A Redis that goes away: the app keeps serving reads and writes, limits fall back to each
// instance's own counters, and everything is shared again once Redis is back.
describe.skipIf(!redisServer)('when Redis goes away and comes back', () => {
  const redis = useThrowawayRedis();
  let cluster: TestCluster;
  let grid: TestGrid;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const FILLERS = FILLER_BOOKS.map((book) => book.isbn13);
  const LIMIT = 3;

  beforeAll(async () => {
    cluster = await createTestCluster(redis.current.url, {
      config: { readingRateLimits: { leaderboardUpdates: { max: LIMIT } } },
    });
    [a, b] = cluster.apps as [FastifyInstance, FastifyInstance];
    await addBooks(a);
    grid = await createGrid(a);
    await waitUntilBusConnects(a, b);
  });
  afterAll(() => cluster?.close());

  const leaderboard = (app: FastifyInstance, reader: TestUser) =>
    call(app, 'GET', '/api/leaderboard?scope=global', { cookie: reader.cookie });

  it('serves reads and writes without Redis, counting limits per instance', async () => {
    const [placer, watcher, limited] = await Promise.all([
      createUser(a),
      createUser(a),
      createUser(b),
    ]);
    await redis.current.stop();
    await expect.poll(() => a.deps.redis?.isReady() || b.deps.redis?.isReady()).toBe(false);

    const statuses: number[] = [];
    const record = async (response: Promise<{ statusCode: number }>) => {
      const { statusCode } = await response;
      statuses.push(statusCode);
      return statusCode;
    };

    // Live updates still reach the streams of the instance that served the placement.
    const stream = await listen(a, watcher.cookie);
    for (const [i, app] of [a, b, a, b].entries()) {
      expect(await record(placeBook(app, placer.cookie, grid.cells[i]!, FILLERS[i]!))).toBe(200);
    }
    await stream.reader.waitFor(LIVE_EVENT.leaderboard, 2);
    for (const app of [a, b]) {
      const card = call(app, 'GET', `/api/bingo/grids/${grid.id}`, { cookie: placer.cookie });
      expect(await record(card)).toBe(200);
      expect(await record(call(app, 'GET', '/api/me', { cookie: placer.cookie }))).toBe(200);
    }

    // Each instance counts the limit on its own: LIMIT on each, then refused there.
    for (const app of [a, b]) {
      for (let i = 0; i < LIMIT; i += 1) expect(await record(leaderboard(app, limited))).toBe(200);
      const refused = await leaderboard(app, limited);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).message).toBe(messages.rateLimit.leaderboardUpdates);
    }

    // Recommendations keep their throttle per instance.
    const queue = () => call(a, 'GET', '/api/recommendations/queue', { cookie: limited.cookie });
    expect(await record(queue())).not.toBe(429);
    expect(await record(queue())).toBe(429);

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });

  it('shares live updates and limits again once Redis is back', async () => {
    await redis.current.start();
    await waitUntilBusConnects(a, b);
    await waitUntilBusConnects(b, a);

    const [placer, reader] = await Promise.all([createUser(a), createUser(b)]);
    const elsewhere = await listen(b, placer.cookie);
    expect((await placeBook(a, placer.cookie, grid.cells[0]!, FILLERS[5]!)).statusCode).toBe(200);
    await elsewhere.reader.waitFor(LIVE_EVENT.points);

    for (let i = 0; i < LIMIT; i += 1) {
      expect((await leaderboard(i % 2 === 0 ? a : b, reader)).statusCode).toBe(200);
    }
    expect((await leaderboard(a, reader)).statusCode).toBe(429);
    expect((await leaderboard(b, reader)).statusCode).toBe(429);
  });
});

describe.skipIf(!redisServer)('the Redis connection', () => {
  const redis = useThrowawayRedis();

  it('logs once when Redis goes away, keeps reconnecting, and logs when it is back', async () => {
    const log = { warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
    const shared = openSharedRedis(redis.current.url, log as unknown as FastifyBaseLogger);
    try {
      expect(await shared.whenReady(5000)).toBe(true);
      await redis.current.stop();
      await expect.poll(() => shared.isReady()).toBe(false);
      // Several reconnect attempts fail meanwhile (ioredis reports each as an error).
      await expect.poll(() => log.debug.mock.calls.length, { timeout: 5000 }).toBeGreaterThan(2);
      expect(log.warn).toHaveBeenCalledTimes(1);

      await redis.current.start();
      await expect.poll(() => shared.isReady(), { timeout: 5000 }).toBe(true);
      expect(log.info).toHaveBeenCalledTimes(1);
      expect(log.warn).toHaveBeenCalledTimes(1);
    } finally {
      await shared.close();
    }
  });

  it('tells caches fed by the bus when messages may have been missed: when cut off, and when back', async () => {
    const silent = { warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
    const shared = openSharedRedis(redis.current.url, silent as unknown as FastifyBaseLogger);
    const bus = createRedisBus(shared);
    const interruptions = vi.fn();
    bus.onInterrupted(interruptions);
    try {
      expect(await shared.whenReady(5000)).toBe(true);
      expect(interruptions).not.toHaveBeenCalled();
      await redis.current.stop();
      await expect.poll(() => interruptions.mock.calls.length).toBe(1);
      await redis.current.start();
      await expect.poll(() => interruptions.mock.calls.length, { timeout: 5000 }).toBe(2);
      await expect.poll(() => shared.isReady()).toBe(true);
      expect(interruptions).toHaveBeenCalledTimes(2);
    } finally {
      await bus.close();
      await shared.close();
    }
  });
});
