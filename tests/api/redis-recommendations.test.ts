import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorKey, leadAuthor } from '../../src/lib/recommendations';
import { loadDemoCatalogue } from '../../src/server/books/demo-catalogue';
import {
  createRedisRecommendationSessionStore,
  createRedisRefillThrottle,
} from '../../src/server/modules/recommendations/shared-recommendation-sessions';
import { openSharedRedis, type SharedRedis } from '../../src/server/shared/redis';
import { createTestCluster, redisServer, useThrowawayRedis } from '../helpers/cluster';
import { call, createUser } from '../helpers/test-app';

const silent = { warn: () => undefined, info: () => undefined, debug: () => undefined };

/** A fresh connection, as a restarted or another instance opens. */
async function connect(url: string): Promise<SharedRedis> {
  const shared = openSharedRedis(url, silent as unknown as FastifyBaseLogger);
  if (!(await shared.whenReady(5000))) throw new Error('Redis did not answer');
  return shared;
}

// Recommendation sessions and the refill throttle in Redis: what one instance wrote, a
// restarted instance or another one reads.
describe.skipIf(!redisServer)('recommendation sessions in Redis', () => {
  const redis = useThrowawayRedis();
  const opened: SharedRedis[] = [];
  const open = async () => {
    const shared = await connect(redis.current.url);
    opened.push(shared);
    return shared;
  };
  afterAll(() => Promise.all(opened.map((shared) => shared.close())));

  it('keeps a session across connections, per user and session', async () => {
    const before = createRedisRecommendationSessionStore(await open());
    await before.add('u1', 's1', {
      likedIsbns: ['9780000000001'],
      dislikedIsbns: ['9780000000002'],
      seenIsbns: ['9780000000001', '9780000000002', '9780000000003'],
      dislikedAuthors: ['grumpy writer'],
    });
    // A restart: a new connection and a new store.
    const after = createRedisRecommendationSessionStore(await open());
    const session = await after.read('u1', 's1');
    expect([...session.likedIsbns]).toEqual(['9780000000001']);
    expect([...session.dislikedIsbns]).toEqual(['9780000000002']);
    expect([...session.seenIsbns].sort()).toEqual([
      '9780000000001',
      '9780000000002',
      '9780000000003',
    ]);
    expect([...session.dislikedAuthors]).toEqual(['grumpy writer']);
    expect((await after.read('u1', 's2')).seenIsbns.size).toBe(0);
    expect((await after.read('u2', 's1')).seenIsbns.size).toBe(0);
  });

  it('gives every part of a session the idle expiry again on each use', async () => {
    const shared = await open();
    const store = createRedisRecommendationSessionStore(shared, { idleMs: 60_000 });
    await store.add('idle', 's', { seenIsbns: ['9780000000004'], dislikedAuthors: ['x'] });
    const keys = await shared.client.keys('bingo:recommendations:session:idle:s:*');
    expect(keys).toHaveLength(2);
    await shared.client.pexpire(keys[0]!, 1000);
    await store.read('idle', 's');
    for (const key of keys) {
      const ttl = await shared.client.pttl(key);
      expect(ttl).toBeGreaterThan(1000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('throttles refills across instances, one at a time', async () => {
    let time = 1_000_000;
    const now = () => time;
    const [one, two] = [
      createRedisRefillThrottle(await open(), { now }),
      createRedisRefillThrottle(await open(), { now }),
    ];
    // Two instances asked at the same moment: exactly one refill goes through.
    const decisions = await Promise.all([one.take('reader'), two.take('reader')]);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(1);
    expect(decisions.find((d) => !d.allowed)).toEqual({
      allowed: false,
      remaining: 9,
      retryAfterMs: 5000,
    });
    time += 5000;
    expect(await two.take('reader')).toEqual({ allowed: true });
    // Ten a minute, counted over both.
    for (let i = 2; i < 10; i += 1) {
      time += 5000;
      expect((await (i % 2 === 0 ? one : two).take('reader')).allowed).toBe(true);
    }
    time += 5000;
    expect(await one.take('reader')).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: 10_000,
    });
    expect((await one.take('someone else')).allowed).toBe(true);
  });
});

describe.skipIf(!redisServer)('swipes of the app in Redis', () => {
  const redis = useThrowawayRedis();
  let cluster: Awaited<ReturnType<typeof createTestCluster>>;
  beforeAll(async () => {
    cluster = await createTestCluster(redis.current.url);
    await loadDemoCatalogue(cluster.apps[0]!.deps.database);
  });
  afterAll(() => cluster?.close());

  it("stores a session's dislike in Redis, where every instance and a restart find it", async () => {
    const [a] = cluster.apps;
    const reader = await createUser(a!);
    const { db } = a!.deps.database;
    const book = await db
      .selectFrom('books')
      .select(['isbn', 'authors'])
      .orderBy('isbn')
      .executeTakeFirstOrThrow();
    const isbn = book.isbn;
    const swipe = await call(a!, 'POST', '/api/recommendations/swipe', {
      cookie: reader.cookie,
      body: { isbn, direction: 'dislike' },
    });
    expect(swipe.statusCode).toBe(200);

    const client = new Redis(redis.current.url);
    try {
      const prefix = `bingo:recommendations:session:${reader.id}:`;
      const [disliked] = await client.keys(`${prefix}*:dislikedIsbns`);
      expect(disliked).toBeDefined();
      expect(await client.smembers(disliked!)).toEqual([isbn]);
      const authors = await client.smembers(disliked!.replace(/dislikedIsbns$/, 'dislikedAuthors'));
      expect(authors).toEqual([authorKey(leadAuthor(book.authors)!)]);
    } finally {
      client.disconnect();
    }
  });
});
