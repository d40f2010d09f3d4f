import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { FeedResponse } from '../../src/lib/schemas/posts';
import type { LeaderboardResponse } from '../../src/lib/schemas/bingo';
import type { ProfileResponse, UserProfileResponse } from '../../src/lib/schemas/profile';
import type { ReaderExport } from '../../src/lib/schemas/exports';
import { addWantToRead, befriend, createFinishedBook, createPost } from '../helpers/factories';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 12, decision 014: a reader's profile visibility (everyone, friends only, only me)
 * governs what other readers see of their profile, shelves, stats and want-to-read, and the
 * name other readers see on leaderboards and posts ('A reader').
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.database.db;

async function setVisibility(user: TestUser, visibility: string) {
  return call(t.app, 'PATCH', '/api/profile', { cookie: user.cookie, body: { visibility } });
}

async function viewProfile(viewer: TestUser, userId: string) {
  const response = await call(t.app, 'GET', `/api/users/${userId}/profile`, {
    cookie: viewer.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json<UserProfileResponse>();
}

async function nameOf(user: TestUser, username: string) {
  const response = await call(t.app, 'PATCH', '/api/profile', {
    cookie: user.cookie,
    body: { username },
  });
  expect(response.statusCode).toBe(200);
}

async function leaderboard(viewer: TestUser, scope: 'global' | 'friends') {
  const response = await call(t.app, 'GET', `/api/leaderboard?scope=${scope}`, {
    cookie: viewer.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json<LeaderboardResponse>().entries;
}

/** A reader with a name, points, a finished book and a want-to-read book. */
async function readerWithShelves(username: string, points: number) {
  const user = await createUser(t.app);
  await nameOf(user, username);
  await db().updateTable('users').set({ points }).where('id', '=', user.id).execute();
  await createFinishedBook(t.app, user.id, { rating: 4 });
  await addWantToRead(t.app, user.id);
  return user;
}

describe('setting the visibility', () => {
  it("starts at 'everyone', as before, and the reader's own profile says so", async () => {
    const reader = await createUser(t.app);
    const own = await call(t.app, 'GET', '/api/profile', { cookie: reader.cookie });
    expect(own.json<ProfileResponse>().profile.visibility).toBe('everyone');
  });

  it('is saved by the Edit Profile request and shown back', async () => {
    const reader = await createUser(t.app);
    for (const visibility of ['friends', 'only_me', 'everyone'] as const) {
      const response = await setVisibility(reader, visibility);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ profile: { visibility: string } }>().profile.visibility).toBe(
        visibility,
      );
      const row = await db()
        .selectFrom('users')
        .select('profileVisibility')
        .where('id', '=', reader.id)
        .executeTakeFirstOrThrow();
      expect(row.profileVisibility).toBe(visibility);
    }
  });

  it('refuses a value that is not one of the three, with the catalogue text', async () => {
    const reader = await createUser(t.app);
    const response = await setVisibility(reader, 'strangers');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.privacy.visibilityInvalid);
  });

  it('is refused to guests and the signed out, as every profile edit is', async () => {
    const signedOut = await call(t.app, 'PATCH', '/api/profile', {
      body: { visibility: 'only_me' },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('the profile, shelves, stats and want-to-read', () => {
  it('shows an everyone profile in full to any reader', async () => {
    const owner = await readerWithShelves('open_hog', 10);
    const stranger = await createUser(t.app);
    const body = await viewProfile(stranger, owner.id);
    if (body.access !== 'full') throw new Error('expected the full profile');
    expect(body.profile.username).toBe('open_hog');
    expect(body.books).toHaveLength(1);
    expect(body.wantToRead).toHaveLength(1);
    expect(body.stats.booksRead).toBe(1);
  });

  it('shows a friends-only profile to friends, and to anyone else only "A reader"', async () => {
    const owner = await readerWithShelves('shy_hog', 10);
    const friend = await createUser(t.app);
    const pending = await createUser(t.app);
    const stranger = await createUser(t.app);
    await befriend(t.app, owner.id, friend.id, 'accepted');
    await befriend(t.app, pending.id, owner.id, 'pending');
    expect((await setVisibility(owner, 'friends')).statusCode).toBe(200);

    const seen = await viewProfile(friend, owner.id);
    expect(seen.access).toBe('full');
    for (const outsider of [stranger, pending]) {
      const response = await call(t.app, 'GET', `/api/users/${owner.id}/profile`, {
        cookie: outsider.cookie,
      });
      expect(response.json<UserProfileResponse>()).toEqual({
        access: 'hidden',
        profile: { id: owner.id, username: messages.privacy.hiddenName },
        blockedByYou: false,
      });
      // Nothing of the shelves or the name leaves the server.
      expect(response.body).not.toContain('shy_hog');
      expect(response.body).not.toContain('isbn');
    }
  });

  it('shows an only-me profile to nobody else, friends and the admin included', async () => {
    const owner = await readerWithShelves('hidden_hog', 10);
    const friend = await createUser(t.app);
    const admin = await createUser(t.app, { role: 'admin' });
    await befriend(t.app, friend.id, owner.id, 'accepted');
    await setVisibility(owner, 'only_me');
    for (const viewer of [friend, admin]) {
      const body = await viewProfile(viewer, owner.id);
      expect(body.access).toBe('hidden');
      expect(body.profile.username).toBe(messages.privacy.hiddenName);
    }
    // The owner still sees their own profile and shelves.
    const own = await call(t.app, 'GET', '/api/profile', { cookie: owner.cookie });
    expect(own.json<ProfileResponse>().stats.booksRead).toBe(1);
    const ownShelf = await call(t.app, 'GET', '/api/finished-books', { cookie: owner.cookie });
    expect(ownShelf.statusCode).toBe(200);
  });

  it('still lets a reader send a friend request by exact username or email', async () => {
    const owner = await readerWithShelves('findable_hog', 0);
    await setVisibility(owner, 'only_me');
    const byName = await createUser(t.app);
    const byEmail = await createUser(t.app);
    const one = await call(t.app, 'POST', '/api/friends', {
      cookie: byName.cookie,
      body: { query: 'FINDABLE_hog' },
    });
    expect(one.statusCode).toBe(201);
    const two = await call(t.app, 'POST', '/api/friends', {
      cookie: byEmail.cookie,
      body: { query: owner.email },
    });
    expect(two.statusCode).toBe(201);
  });
});

describe('leaderboard names', () => {
  it("names a hidden reader 'A reader' to others, keeping the rank and points", async () => {
    const hidden = await readerWithShelves('top_secret_hog', 9000);
    const friendsOnly = await readerWithShelves('pals_only_hog', 8000);
    const friend = await createUser(t.app);
    const stranger = await createUser(t.app);
    await befriend(t.app, friend.id, friendsOnly.id, 'accepted');
    await befriend(t.app, friend.id, hidden.id, 'accepted');
    await setVisibility(hidden, 'only_me');
    await setVisibility(friendsOnly, 'friends');

    const strangersView = await leaderboard(stranger, 'global');
    expect(strangersView.slice(0, 2).map((e) => [e.rank, e.username, e.points])).toEqual([
      [1, messages.privacy.hiddenName, 9000],
      [2, messages.privacy.hiddenName, 8000],
    ]);
    const friendsView = await leaderboard(friend, 'global');
    expect(friendsView.slice(0, 2).map((e) => e.username)).toEqual([
      messages.privacy.hiddenName,
      'pals_only_hog',
    ]);
    // The friends board follows the same rule.
    const friendsBoard = await leaderboard(friend, 'friends');
    expect(friendsBoard.map((e) => e.username)).toContain('pals_only_hog');
    expect(friendsBoard.map((e) => e.username)).toContain(messages.privacy.hiddenName);
    // The reader sees their own name.
    const own = await leaderboard(hidden, 'global');
    expect(own[0]).toMatchObject({ username: 'top_secret_hog', isYou: true });
  });

  it('shows a new visibility at once, though the Global Top 10 is served from memory', async () => {
    const climber = await readerWithShelves('climbing_hog', 9500);
    const watcher = await createUser(t.app);
    // The first read fills the cache with the name shown.
    expect((await leaderboard(watcher, 'global'))[0]?.username).toBe('climbing_hog');
    await setVisibility(climber, 'only_me');
    expect((await leaderboard(watcher, 'global'))[0]?.username).toBe(messages.privacy.hiddenName);
    await setVisibility(climber, 'everyone');
    expect((await leaderboard(watcher, 'global'))[0]?.username).toBe('climbing_hog');
  });
});

describe('posts in the blog feed', () => {
  it("keep a hidden author's posts but name them 'A reader'", async () => {
    const author = await readerWithShelves('quiet_author', 0);
    const friend = await createUser(t.app);
    const stranger = await createUser(t.app);
    await befriend(t.app, author.id, friend.id, 'accepted');
    const post = await createPost(t.app, author.id);
    await setVisibility(author, 'friends');

    const feedOf = async (viewer: TestUser, filter: string) => {
      const response = await call(t.app, 'GET', `/api/posts?filter=${filter}`, {
        cookie: viewer.cookie,
      });
      return response.json<FeedResponse>().posts.find((p) => p.id === post.id);
    };
    expect((await feedOf(stranger, 'all'))?.username).toBe(messages.privacy.hiddenName);
    expect((await feedOf(friend, 'all'))?.username).toBe('quiet_author');
    expect((await feedOf(friend, 'friends'))?.username).toBe('quiet_author');
    expect((await feedOf(author, 'mine'))?.username).toBe('quiet_author');
    await setVisibility(author, 'only_me');
    expect((await feedOf(friend, 'friends'))?.username).toBe(messages.privacy.hiddenName);
  });
});

describe('the export', () => {
  it("carries the reader's own visibility", async () => {
    const reader = await createUser(t.app);
    await setVisibility(reader, 'friends');
    const response = await call(t.app, 'GET', '/api/exports/me.json', { cookie: reader.cookie });
    expect(response.json<ReaderExport>().profile.visibility).toBe('friends');
  });
});
