import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { LeaderboardResponse } from '../../src/lib/schemas/bingo';
import {
  createTestCluster,
  redisServer,
  useThrowawayRedis,
  waitUntilBusConnects,
  type TestCluster,
} from '../helpers/cluster';
import { befriend } from '../helpers/factories';
import { call, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/test-app';

/**
 * Issue 10, decision 017: the leaderboards keep each viewer's blocks and friends in memory, so
 * a read asks the database nothing about them. Every change goes through the bus: a block, an
 * unblock, an accepted or removed friend and a visibility change are seen on the very next
 * read of a board the viewer had already read (and so had cached).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let high = 100_000;
/** A reader with a username, high enough on the board to be in the Global Top 10. */
async function topReader(username: string): Promise<TestUser> {
  const user = await createUser(t.app);
  expect(
    (await call(t.app, 'PATCH', '/api/profile', { cookie: user.cookie, body: { username } }))
      .statusCode,
  ).toBe(200);
  high += 1;
  await t.app.deps.database.db
    .updateTable('users')
    .set({ points: high })
    .where('id', '=', user.id)
    .execute();
  // Points written behind the app's back: announce them as a placement does.
  t.app.deps.bus.publish('live:leaderboard', '');
  return user;
}

async function board(viewer: TestUser, scope: 'global' | 'friends') {
  const response = await call(t.app, 'GET', `/api/leaderboard?scope=${scope}`, {
    cookie: viewer.cookie,
  });
  expect(response.statusCode).toBe(200);
  return new Map(response.json<LeaderboardResponse>().entries.map((e) => [e.userId, e.username]));
}

describe("the leaderboards' relations cache", () => {
  it('hides a blocked reader on the next read, both ways, and shows them again after unblock', async () => {
    const blocker = await topReader('cache_blocker');
    const blocked = await topReader('cache_blocked');
    // Both boards read (and both viewers' relations cached) before the block.
    expect((await board(blocker, 'global')).get(blocked.id)).toBe('cache_blocked');
    expect((await board(blocked, 'global')).get(blocker.id)).toBe('cache_blocker');

    const put = await call(t.app, 'PUT', `/api/blocks/${blocked.id}`, { cookie: blocker.cookie });
    expect(put.statusCode).toBe(200);
    expect((await board(blocker, 'global')).get(blocked.id)).toBe(messages.privacy.hiddenName);
    expect((await board(blocked, 'global')).get(blocker.id)).toBe(messages.privacy.hiddenName);

    const del = await call(t.app, 'DELETE', `/api/blocks/${blocked.id}`, {
      cookie: blocker.cookie,
    });
    expect(del.statusCode).toBe(200);
    expect((await board(blocker, 'global')).get(blocked.id)).toBe('cache_blocked');
    expect((await board(blocked, 'global')).get(blocker.id)).toBe('cache_blocker');
  });

  it('shows an accepted friend on both friends boards at once, and drops a removed one', async () => {
    const sender = await topReader('cache_sender');
    const receiver = await topReader('cache_receiver');
    expect([...(await board(sender, 'friends')).keys()]).toEqual([sender.id]);
    expect([...(await board(receiver, 'friends')).keys()]).toEqual([receiver.id]);

    const asked = await call(t.app, 'POST', '/api/friends', {
      cookie: sender.cookie,
      body: { query: 'cache_receiver' },
    });
    expect(asked.statusCode).toBe(201);
    const { friend } = asked.json<{ friend: { id: string } }>();
    const accepted = await call(t.app, 'POST', `/api/friends/${friend.id}/accept`, {
      cookie: receiver.cookie,
    });
    expect(accepted.statusCode).toBe(200);
    expect((await board(sender, 'friends')).has(receiver.id)).toBe(true);
    expect((await board(receiver, 'friends')).has(sender.id)).toBe(true);

    const removed = await call(t.app, 'DELETE', `/api/friends/${friend.id}`, {
      cookie: sender.cookie,
    });
    expect(removed.statusCode).toBe(200);
    expect([...(await board(sender, 'friends')).keys()]).toEqual([sender.id]);
    expect([...(await board(receiver, 'friends')).keys()]).toEqual([receiver.id]);
  });

  it('gives two readers with as many friends each their own friends board', async () => {
    // The friends board's query is compiled once per number of ids and run with new ones.
    const [a, b, aFriend, bFriend] = await Promise.all(
      ['cache_a', 'cache_b', 'cache_a_friend', 'cache_b_friend'].map(topReader),
    );
    await befriend(t.app, a!.id, aFriend!.id);
    await befriend(t.app, b!.id, bFriend!.id);
    expect(new Set((await board(a!, 'friends')).keys())).toEqual(new Set([a!.id, aFriend!.id]));
    expect(new Set((await board(b!, 'friends')).keys())).toEqual(new Set([b!.id, bFriend!.id]));
  });

  it('applies a visibility change on the next read', async () => {
    const viewer = await topReader('cache_viewer');
    const shy = await topReader('cache_shy');
    const friend = await topReader('cache_friend');
    await befriend(t.app, shy.id, friend.id);
    expect((await board(viewer, 'global')).get(shy.id)).toBe('cache_shy');
    expect((await board(friend, 'global')).get(shy.id)).toBe('cache_shy');

    const patch = await call(t.app, 'PATCH', '/api/profile', {
      cookie: shy.cookie,
      body: { visibility: 'friends' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await board(viewer, 'global')).get(shy.id)).toBe(messages.privacy.hiddenName);
    expect((await board(friend, 'global')).get(shy.id)).toBe('cache_shy');
    expect((await board(shy, 'global')).get(shy.id)).toBe('cache_shy');
  });
});

// With REDIS_URL, the change reaches the caches of the other instances through Redis pub/sub.
describe.skipIf(!redisServer)('the relations cache on two instances sharing Redis', () => {
  const redis = useThrowawayRedis();
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await createTestCluster(redis.current.url);
    await waitUntilBusConnects(cluster.apps[0]!, cluster.apps[1]!);
  });
  afterAll(() => cluster?.close());

  it('hides a reader blocked through one instance on the board the other serves', async () => {
    const [a, b] = cluster.apps as [(typeof cluster.apps)[0], (typeof cluster.apps)[0]];
    const blocker = await createUser(a);
    const blocked = await createUser(a);
    const nameOn = async (viewer: TestUser) => {
      const response = await call(b, 'GET', '/api/leaderboard?scope=global', {
        cookie: viewer.cookie,
      });
      return response.json<LeaderboardResponse>().entries.find((e) => e.userId === blocked.id)
        ?.username;
    };
    const shown = await nameOn(blocker);
    expect(shown).not.toBe(messages.privacy.hiddenName);

    const put = await call(a, 'PUT', `/api/blocks/${blocked.id}`, { cookie: blocker.cookie });
    expect(put.statusCode).toBe(200);
    await expect.poll(() => nameOn(blocker)).toBe(messages.privacy.hiddenName);

    await call(a, 'DELETE', `/api/blocks/${blocked.id}`, { cookie: blocker.cookie });
    await expect.poll(() => nameOn(blocker)).toBe(shown);
  });
});
