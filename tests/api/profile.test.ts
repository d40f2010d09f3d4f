import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_IDS } from '../../src/lib/avatars';
import { BIO_MAX } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type {
  ProfileResponse,
  UpdateProfileResponse,
  UserProfileResponse,
} from '../../src/lib/schemas/profile';
import { createProfileService } from '../../src/server/modules/profile/profile.service';
import {
  addWantToRead,
  befriend,
  blindTo,
  createFinishedBook,
  createMemberRow,
  viewerOf,
} from '../helpers/factories';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getProfile = async (user: TestUser) => {
  const response = await call(t.app, 'GET', '/api/profile', { cookie: user.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProfileResponse>();
};
const patchProfile = (cookie: string | undefined, body: unknown) =>
  call(t.app, 'PATCH', '/api/profile', { ...(cookie ? { cookie } : {}), body });

const userRow = (id: string) =>
  t.app.deps.database.db
    .selectFrom('users')
    .select(['username', 'displayUsername', 'bio', 'avatar', 'updatedAt', 'lastModifiedBy'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('own profile', () => {
  it('shows the card, empty stats and counts for a new reader', async () => {
    const user = await createUser(t.app);
    const row = await userRow(user.id);
    expect(await getProfile(user)).toEqual({
      profile: {
        id: user.id,
        username: row.displayUsername,
        name: user.email.split('@')[0],
        bio: null,
        avatar: null,
        points: 0,
        birthYear: null,
        firstName: null,
        visibility: 'everyone',
      },
      stats: { booksRead: 0, readingStreakWeeks: 0, lastReadAt: null },
      counts: { wantToRead: 0, friends: 0, pendingRequests: 0 },
    });
  });

  it('counts books read, the streak of consecutive ISO weeks, the last read date and the tabs', async () => {
    const user = await createUser(t.app);
    // Weeks of 7, 14 and 21 January 2030 in a row; December 2029 is after a gap.
    for (const finishedAt of [
      '2029-12-01T09:00:00.000Z',
      '2030-01-07T09:00:00.000Z',
      '2030-01-15T09:00:00.000Z',
      '2030-01-25T09:00:00.000Z',
    ]) {
      await createFinishedBook(t.app, user.id, { finishedAt });
    }
    await addWantToRead(t.app, user.id);
    await addWantToRead(t.app, user.id);
    const friendA = await createMemberRow(t.app);
    const friendB = await createMemberRow(t.app);
    const asker = await createMemberRow(t.app);
    const asked = await createMemberRow(t.app);
    await befriend(t.app, user.id, friendA.id);
    await befriend(t.app, friendB.id, user.id);
    await befriend(t.app, asker.id, user.id, 'pending');
    await befriend(t.app, user.id, asked.id, 'pending');

    const { stats, counts } = await getProfile(user);
    expect(stats).toEqual({
      booksRead: 4,
      readingStreakWeeks: 3,
      lastReadAt: '2030-01-25T09:00:00.000Z',
    });
    expect(counts).toEqual({ wantToRead: 2, friends: 2, pendingRequests: 1 });
  });

  it("falls back from the username to the name, then to 'User'", async () => {
    const user = await createUser(t.app);
    const { db } = t.app.deps.database;
    await db
      .updateTable('users')
      .set({ displayUsername: null, name: 'Hazel' })
      .where('id', '=', user.id)
      .execute();
    expect((await getProfile(user)).profile.username).toBe('Hazel');
    await db.updateTable('users').set({ name: '' }).where('id', '=', user.id).execute();
    expect((await getProfile(user)).profile.username).toBe(messages.profile.fallbackName);
  });

  it('is for signed-in readers only', async () => {
    const asGuest = await call(t.app, 'GET', '/api/profile', { cookie: await createGuest(t.app) });
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest).message).toBe(messages.access.loginRequired);
    const signedOut = await call(t.app, 'GET', '/api/profile');
    expect(signedOut.statusCode).toBe(401);
    expect(errorOf(signedOut).message).toBe(messages.access.loginRequired);
  });
});

describe('editing the profile', () => {
  it('changes the username, keeping the typed form and a lower-case one for uniqueness', async () => {
    const user = await createUser(t.app);
    const before = await userRow(user.id);
    const response = await patchProfile(user.cookie, { username: '  Hedge_Hog42  ' });
    expect(response.statusCode).toBe(200);
    const body = response.json<UpdateProfileResponse>();
    expect(body.message).toBe(messages.profile.updated);
    expect(body.profile.username).toBe('Hedge_Hog42');
    const after = await userRow(user.id);
    expect(after).toMatchObject({
      username: 'hedge_hog42',
      displayUsername: 'Hedge_Hog42',
      lastModifiedBy: user.id,
    });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(before.updatedAt).getTime(),
    );
    // Only the case changes: still the reader's own name.
    const recased = await patchProfile(user.cookie, { username: 'HEDGE_hog42' });
    expect(recased.statusCode).toBe(200);
    expect((await userRow(user.id)).displayUsername).toBe('HEDGE_hog42');
  });

  it('refuses a username that breaks the pattern, changing nothing', async () => {
    const user = await createUser(t.app);
    const before = await userRow(user.id);
    for (const username of [
      'ab',
      'a'.repeat(31),
      'has space',
      'dash-name',
      '<b>bold</b>',
      'émile',
      '   ',
      42,
    ]) {
      const response = await patchProfile(user.cookie, { username });
      expect(response.statusCode, String(username)).toBe(400);
      expect(errorOf(response).message).toBe(messages.profile.usernameInvalid);
    }
    expect(await userRow(user.id)).toEqual(before);
  });

  it('refuses a username another reader holds in any case', async () => {
    const holder = await createMemberRow(t.app, { username: 'Taken_Name' });
    const user = await createUser(t.app);
    const before = await userRow(user.id);
    const response = await patchProfile(user.cookie, { username: 'taken_NAME', bio: 'Hi' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(messages.profile.usernameTaken);
    expect(await userRow(user.id)).toEqual(before);
    expect((await userRow(holder.id)).displayUsername).toBe('Taken_Name');
  });

  it('gives a name to one of two readers claiming it at the same moment', async () => {
    const first = await createUser(t.app);
    const second = await createUser(t.app);
    const responses = await Promise.all([
      patchProfile(first.cookie, { username: 'Race_Winner' }),
      patchProfile(second.cookie, { username: 'race_winner' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = responses.find((r) => r.statusCode === 409)!;
    expect(errorOf(refused).message).toBe(messages.profile.usernameTaken);
    const holders = await t.app.deps.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'race_winner')
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('answers the loser of a race for a name with the taken text, not a crash', async () => {
    await createMemberRow(t.app, { username: 'Swift_Name' });
    const user = await createUser(t.app);
    const before = await userRow(user.id);
    // The check sees no holder (as if the other write landed just after it); the index refuses.
    const service = createProfileService(blindTo(t.app.deps.database, 'users'));
    await expect(service.update(viewerOf(user), { username: 'swift_name' })).rejects.toMatchObject({
      statusCode: 409,
      message: messages.profile.usernameTaken,
    });
    expect(await userRow(user.id)).toEqual(before);
  });

  it('stores the bio as plain text, at most 200 characters', async () => {
    const user = await createUser(t.app);
    const cases: [string | null, string | null][] = [
      ['<b>Hi</b> <script>alert(1)</script>I <3 books & tea', 'Hi I <3 books & tea'],
      ['&lt;img src=x onerror=alert(1)&gt;Quills', 'Quills'],
      ['x'.repeat(BIO_MAX), 'x'.repeat(BIO_MAX)],
      ['   ', null],
      [null, null],
    ];
    for (const [bio, stored] of cases) {
      const response = await patchProfile(user.cookie, { bio });
      expect(response.statusCode).toBe(200);
      expect(response.json<UpdateProfileResponse>().profile.bio).toBe(stored);
      expect((await userRow(user.id)).bio).toBe(stored);
    }
  });

  it('refuses a bio over 200 characters, changing nothing', async () => {
    const user = await createUser(t.app);
    await patchProfile(user.cookie, { bio: 'Keeps this' });
    const before = await userRow(user.id);
    const response = await patchProfile(user.cookie, {
      bio: 'y'.repeat(BIO_MAX + 1),
      avatar: 'fantasy-fan',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.profile.bioTooLong);
    expect(await userRow(user.id)).toEqual(before);
  });

  it('takes one of the four preset avatars, or none for the placeholder', async () => {
    const user = await createUser(t.app);
    for (const avatar of [...AVATAR_IDS, null]) {
      const response = await patchProfile(user.cookie, { avatar });
      expect(response.statusCode).toBe(200);
      expect(response.json<UpdateProfileResponse>().profile.avatar).toBe(avatar);
      expect((await userRow(user.id)).avatar).toBe(avatar);
    }
    const refused = await patchProfile(user.cookie, { avatar: 'ghost' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(messages.profile.avatarInvalid);
    expect((await userRow(user.id)).avatar).toBeNull();
  });

  it('turns away guests and signed-out visitors', async () => {
    const guestCookie = await createGuest(t.app);
    const asGuest = await patchProfile(guestCookie, { username: 'Guest_Name' });
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest).message).toBe(messages.access.loginRequired);
    const signedOut = await patchProfile(undefined, { username: 'Nobody_Name' });
    expect(signedOut.statusCode).toBe(401);
    const claimed = await t.app.deps.database.db
      .selectFrom('users')
      .select('id')
      .where('username', 'in', ['guest_name', 'nobody_name'])
      .execute();
    expect(claimed).toEqual([]);
  });
});

describe("another reader's profile", () => {
  const view = (cookie: string | undefined, userId: string) =>
    call(t.app, 'GET', `/api/users/${userId}/profile`, cookie ? { cookie } : {});

  it("shows a friend's books (ratings only where given), want-to-read and stats", async () => {
    const viewer = await createUser(t.app);
    const friend = await createMemberRow(t.app, { username: 'Bramble' });
    await befriend(t.app, viewer.id, friend.id);
    await t.app.deps.database.db
      .updateTable('users')
      .set({ bio: 'Reads at night', avatar: 'mystery-lover', points: 60 })
      .where('id', '=', friend.id)
      .execute();
    const rated = await createFinishedBook(t.app, friend.id, {
      rating: 5,
      review: 'Secret thoughts',
      finishedAt: '2030-04-10T00:00:00.000Z',
    });
    const unrated = await createFinishedBook(t.app, friend.id, {
      finishedAt: '2030-04-01T00:00:00.000Z',
    });
    const wanted = await addWantToRead(t.app, friend.id);

    const response = await view(viewer.cookie, friend.id);
    expect(response.statusCode).toBe(200);
    const body = response.json<UserProfileResponse>();
    if (body.access !== 'full') throw new Error('an everyone profile shows in full');
    expect(body.profile).toEqual({
      id: friend.id,
      username: 'Bramble',
      bio: 'Reads at night',
      avatar: 'mystery-lover',
      points: 60,
    });
    expect(body.books.map((b) => [b.isbn, b.rating])).toEqual([
      [rated.isbn, 5],
      [unrated.isbn, null],
    ]);
    expect(body.wantToRead.map((b) => b.isbn)).toEqual([wanted.isbn]);
    expect(body.stats).toEqual({
      booksRead: 2,
      readingStreakWeeks: 2,
      lastReadAt: '2030-04-10T00:00:00.000Z',
    });
    // Neither the email, the account name nor the review text leaves the server.
    expect(response.body).not.toContain('@');
    expect(response.body).not.toContain('Secret thoughts');
    expect(response.body).not.toContain('"name"');
  });

  it('is open to any signed-in reader, friend or not (posts are public in the feed)', async () => {
    const viewer = await createUser(t.app);
    const stranger = await createMemberRow(t.app);
    const response = await view(viewer.cookie, stranger.id);
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown reader, or a guest, with the not-found text', async () => {
    const viewer = await createUser(t.app);
    const guest = await createMemberRow(t.app, { role: 'guest' });
    for (const id of ['no-such-user', guest.id]) {
      const response = await view(viewer.cookie, id);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(messages.profile.notFound);
    }
  });

  it('is closed to guests and signed-out visitors', async () => {
    const reader = await createMemberRow(t.app);
    const asGuest = await view(await createGuest(t.app), reader.id);
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest).message).toBe(messages.access.loginRequired);
    const signedOut = await view(undefined, reader.id);
    expect(signedOut.statusCode).toBe(401);
  });
});
