import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { LeaderboardResponse } from '../../src/lib/schemas/bingo';
import type { ReaderExport } from '../../src/lib/schemas/exports';
import type { FeedResponse } from '../../src/lib/schemas/posts';
import type { BlockedListResponse } from '../../src/lib/schemas/privacy';
import type { UserProfileResponse } from '../../src/lib/schemas/profile';
import { SOCIAL_RATE_LIMITS } from '../../src/server/http/social-rate-limits';
import { befriend, createMemberRow, createPost, friendshipsBetween } from '../helpers/factories';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 12, decision 014: blocking a reader removes any friendship between the two, hides
 * each from the other (profile, leaderboard names, posts) and refuses their friend requests.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { config: { socialRateLimits: { blockUpdates: { max: 3 } } } });
});
afterAll(() => t.close());

const db = () => t.app.deps.database.db;

const block = (by: TestUser, userId: string) =>
  call(t.app, 'PUT', `/api/blocks/${userId}`, { cookie: by.cookie });
const unblock = (by: TestUser, userId: string) =>
  call(t.app, 'DELETE', `/api/blocks/${userId}`, { cookie: by.cookie });

async function named(username: string) {
  const user = await createUser(t.app);
  const response = await call(t.app, 'PATCH', '/api/profile', {
    cookie: user.cookie,
    body: { username },
  });
  expect(response.statusCode).toBe(200);
  return user;
}

async function profileAs(viewer: TestUser, userId: string) {
  const response = await call(t.app, 'GET', `/api/users/${userId}/profile`, {
    cookie: viewer.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json<UserProfileResponse>();
}

describe('blocking a reader', () => {
  it('removes their friendship and any request, both directions, and lists them', async () => {
    const owner = await createUser(t.app);
    const friend = await named('old_friend');
    const asker = await named('eager_asker');
    const asked = await named('asked_one');
    await befriend(t.app, owner.id, friend.id, 'accepted');
    await befriend(t.app, asker.id, owner.id, 'pending');
    await befriend(t.app, owner.id, asked.id, 'pending');

    for (const other of [friend, asker, asked]) {
      const response = await block(owner, other.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: messages.privacy.blocked });
      expect(await friendshipsBetween(t.app, owner.id, other.id)).toEqual([]);
    }
    const list = await call(t.app, 'GET', '/api/blocks', { cookie: owner.cookie });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json<BlockedListResponse>()
        .blocked.map((b) => b.username)
        .sort(),
    ).toEqual(['asked_one', 'eager_asker', 'old_friend']);
    // The blocked reader's own list is theirs alone, and empty.
    const theirs = await call(t.app, 'GET', '/api/blocks', { cookie: friend.cookie });
    expect(theirs.json<BlockedListResponse>().blocked).toEqual([]);
  });

  it('answers the same when blocking again, and keeps one row', async () => {
    const owner = await createUser(t.app);
    const pest = await createMemberRow(t.app);
    expect((await block(owner, pest.id)).statusCode).toBe(200);
    expect((await block(owner, pest.id)).statusCode).toBe(200);
    const rows = await db()
      .selectFrom('blocks')
      .selectAll()
      .where('blockerId', '=', owner.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses blocking oneself, an unknown reader or a guest', async () => {
    const owner = await createUser(t.app);
    const self = await block(owner, owner.id);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self)).toEqual({ code: 'BLOCK_SELF', message: messages.privacy.blockSelf });
    const unknown = await block(owner, 'no-such-reader');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(messages.profile.notFound);
    const guest = await createMemberRow(t.app, { role: 'guest' });
    expect((await block(owner, guest.id)).statusCode).toBe(404);
  });

  it('is for members only', async () => {
    const target = await createMemberRow(t.app);
    expect((await call(t.app, 'PUT', `/api/blocks/${target.id}`)).statusCode).toBe(401);
    const guest = await createGuest(t.app);
    expect(
      (await call(t.app, 'PUT', `/api/blocks/${target.id}`, { cookie: guest })).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/blocks', { cookie: guest })).statusCode).toBe(403);
  });
});

describe('a blocked pair', () => {
  it('sees each other hidden; the blocker sees whom they blocked, to unblock', async () => {
    const blocker = await named('blocking_hog');
    const blocked = await named('blocked_hog');
    await block(blocker, blocked.id);

    expect(await profileAs(blocker, blocked.id)).toEqual({
      access: 'hidden',
      profile: { id: blocked.id, username: 'blocked_hog' },
      blockedByYou: true,
    });
    // Exactly what an only-me profile answers: the block is not announced.
    expect(await profileAs(blocked, blocker.id)).toEqual({
      access: 'hidden',
      profile: { id: blocker.id, username: messages.privacy.hiddenName },
      blockedByYou: false,
    });
  });

  it('cannot send each other friend requests', async () => {
    const blocker = await named('wall_hog');
    const blocked = await named('pest_hog');
    await block(blocker, blocked.id);

    const fromBlocked = await call(t.app, 'POST', '/api/friends', {
      cookie: blocked.cookie,
      body: { query: 'wall_hog' },
    });
    expect(fromBlocked.statusCode).toBe(404);
    expect(errorOf(fromBlocked).message).toBe(messages.friends.userNotFound);
    const byEmail = await call(t.app, 'POST', '/api/friends', {
      cookie: blocked.cookie,
      body: { query: blocker.email },
    });
    expect(byEmail.statusCode).toBe(404);

    const fromBlocker = await call(t.app, 'POST', '/api/friends', {
      cookie: blocker.cookie,
      body: { query: 'pest_hog' },
    });
    expect(fromBlocker.statusCode).toBe(409);
    expect(errorOf(fromBlocker)).toEqual({
      code: 'YOU_BLOCKED_USER',
      message: messages.privacy.youBlockedThem,
    });
    expect(await friendshipsBetween(t.app, blocker.id, blocked.id)).toEqual([]);
  });

  it("sees none of the other's posts in the feed", async () => {
    const blocker = await named('feed_blocker');
    const blocked = await named('feed_blocked');
    const bystander = await createUser(t.app);
    const theirPost = await createPost(t.app, blocked.id);
    const myPost = await createPost(t.app, blocker.id);
    await block(blocker, blocked.id);

    const ids = async (viewer: TestUser) => {
      const response = await call(t.app, 'GET', '/api/posts?filter=all', {
        cookie: viewer.cookie,
      });
      return response.json<FeedResponse>().posts.map((p) => p.id);
    };
    expect(await ids(blocker)).not.toContain(theirPost.id);
    expect(await ids(blocked)).not.toContain(myPost.id);
    // Others still see both.
    expect(await ids(bystander)).toEqual(expect.arrayContaining([theirPost.id, myPost.id]));
  });

  it("sees the other as 'A reader' on the leaderboard", async () => {
    const blocker = await named('board_blocker');
    const blocked = await named('board_blocked');
    await db()
      .updateTable('users')
      .set({ points: 99999 })
      .where('id', 'in', [blocker.id, blocked.id])
      .execute();
    await block(blocker, blocked.id);
    const namesFor = async (viewer: TestUser) => {
      const response = await call(t.app, 'GET', '/api/leaderboard?scope=global', {
        cookie: viewer.cookie,
      });
      return response.json<LeaderboardResponse>().entries.map((e) => [e.userId, e.username]);
    };
    expect(await namesFor(blocker)).toContainEqual([blocked.id, messages.privacy.hiddenName]);
    expect(await namesFor(blocker)).toContainEqual([blocker.id, 'board_blocker']);
    expect(await namesFor(blocked)).toContainEqual([blocker.id, messages.privacy.hiddenName]);
    const bystander = await createUser(t.app);
    expect(await namesFor(bystander)).toContainEqual([blocked.id, 'board_blocked']);
  });
});

describe('unblocking', () => {
  it('shows the two to each other again, without bringing the friendship back', async () => {
    const blocker = await createUser(t.app);
    const blocked = await named('forgiven_hog');
    await befriend(t.app, blocker.id, blocked.id, 'accepted');
    await block(blocker, blocked.id);

    // Only the blocker can lift it.
    const byBlocked = await unblock(blocked, blocker.id);
    expect(byBlocked.statusCode).toBe(404);
    expect(errorOf(byBlocked).message).toBe(messages.privacy.notBlocked);

    const response = await unblock(blocker, blocked.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.privacy.unblocked });
    expect((await profileAs(blocker, blocked.id)).access).toBe('full');
    expect((await profileAs(blocked, blocker.id)).access).toBe('full');
    expect(await friendshipsBetween(t.app, blocker.id, blocked.id)).toEqual([]);

    const again = await unblock(blocker, blocked.id);
    expect(again.statusCode).toBe(404);
  });

  it('keeps the pair hidden while the other side still blocks', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await block(a, b.id);
    await block(b, a.id);
    await unblock(a, b.id);
    expect((await profileAs(a, b.id)).access).toBe('hidden');
  });
});

describe('the blocked list in the export', () => {
  it('lists the readers this reader blocked', async () => {
    const owner = await createUser(t.app);
    const pest = await createMemberRow(t.app, { username: 'exported_pest' });
    await block(owner, pest.id);
    const response = await call(t.app, 'GET', '/api/exports/me.json', { cookie: owner.cookie });
    const { blocked } = response.json<ReaderExport>();
    expect(blocked.map(({ id, username }) => ({ id, username }))).toEqual([
      { id: pest.id, username: 'exported_pest' },
    ]);
    expect(Number.isNaN(Date.parse(blocked[0]!.blockedAt))).toBe(false);
  });
});

describe('the block rate limit', () => {
  it('answers past it with its text, blocking no one, and holds back no one else', async () => {
    const owner = await createUser(t.app);
    const targets = await Promise.all([1, 2, 3, 4].map(() => createMemberRow(t.app)));
    for (const target of targets.slice(0, 3)) {
      expect((await block(owner, target.id)).statusCode).toBe(200);
    }
    const refused = await block(owner, targets[3]!.id);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'RATE_LIMITED',
      message: SOCIAL_RATE_LIMITS.blockUpdates.message,
    });
    expect(SOCIAL_RATE_LIMITS.blockUpdates.message).toBe(messages.rateLimit.blockUpdates);
    const row = await db()
      .selectFrom('blocks')
      .select('blockedId')
      .where('blockerId', '=', owner.id)
      .where('blockedId', '=', targets[3]!.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    const other = await createUser(t.app);
    expect((await block(other, targets[3]!.id)).statusCode).toBe(200);
  });
});
