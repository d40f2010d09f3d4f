import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { AdminUsersResponse } from '../../src/lib/schemas/admin';
import type { AuditLogResponse } from '../../src/lib/schemas/audit';
import type { FeedResponse } from '../../src/lib/schemas/posts';
import { formatSuspensionEnd } from '../../src/server/modules/moderation/suspension';
import { createClub, joinClub } from '../helpers/clubs';
import { befriend, createPost } from '../helpers/factories';
import { listen } from '../helpers/live-events';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  signIn,
  solveCaptcha,
  type TestApp,
  sessionCookie,
  type TestUser,
} from '../helpers/test-app';

/** Issue 23: suspending a reader, and what a suspension does while it lasts. */
let t: TestApp;
let admin: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [admin, reader] = await Promise.all([createUser(t.app, { role: 'admin' }), createUser(t.app)]);
});
afterAll(() => t.close());

const suspend = (userId: string, body: unknown, cookie = admin.cookie) =>
  call(t.app, 'POST', `/api/admin/users/${userId}/suspension`, { cookie, body });
const lift = (userId: string, body: unknown = {}) =>
  call(t.app, 'DELETE', `/api/admin/users/${userId}/suspension`, { cookie: admin.cookie, body });

const trySignIn = async (user: TestUser, password = user.password) =>
  call(t.app, 'POST', '/api/auth/sign-in/email', {
    body: { email: user.email, password },
    headers: { 'x-captcha': await solveCaptcha(t.app) },
  });

const adminRow = async (userId: string) => {
  const email = (
    await t.app.deps.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).email;
  const response = await call(t.app, 'GET', `/api/admin/users?q=${encodeURIComponent(email)}`, {
    cookie: admin.cookie,
  });
  return response.json<AdminUsersResponse>().users.find((u) => u.id === userId)!;
};

describe('the rules of a suspension', () => {
  it('refuses suspending oneself or an admin, an unknown reader, and a bad body', async () => {
    const self = await suspend(admin.id, { days: 3, reason: 'Test' });
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toBe(messages.moderation.suspendSelf);

    const otherAdmin = await createUser(t.app, { role: 'admin' });
    const asAdmin = await suspend(otherAdmin.id, { days: 3, reason: 'Test' });
    expect(asAdmin.statusCode).toBe(403);
    expect(errorOf(asAdmin).message).toBe(messages.moderation.suspendAdmin);

    const unknown = await suspend('nobody', { days: 3, reason: 'Test' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(messages.admin.readerNotFound);

    const bodies: [unknown, string][] = [
      [{ reason: 'x' }, 'Give the number of days, or choose for good.'],
      [{ days: 0, reason: 'x' }, 'A suspension lasts at least 1 day.'],
      [{ days: 1.5, reason: 'x' }, 'Give a whole number of days.'],
      [{ days: 3651, reason: 'x' }, 'A suspension lasts at most 3650 days.'],
      [{ days: 3, reason: '' }, 'Say why: the audit log keeps the reason.'],
    ];
    for (const [body, message] of bodies) {
      const response = await suspend(reader.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
    // Nothing changed: the reader is still signed in.
    expect((await call(t.app, 'GET', '/api/profile', { cookie: reader.cookie })).statusCode).toBe(
      200,
    );
  });

  it('is for admins only', async () => {
    const other = await createUser(t.app);
    const asReader = await suspend(other.id, { days: 1, reason: 'x' }, reader.cookie);
    expect(asReader.statusCode).toBe(403);
    expect(errorOf(asReader).message).toBe(messages.access.adminOnly);
    const out = await call(t.app, 'POST', `/api/admin/users/${other.id}/suspension`, {
      body: { days: 1, reason: 'x' },
    });
    expect(out.statusCode).toBe(401);
  });

  it('lifting one that does not last is a conflict', async () => {
    const response = await lift(reader.id);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(messages.moderation.notSuspended);
    expect((await lift('nobody')).statusCode).toBe(404);
  });
});

describe('a suspended reader', () => {
  it('loses every session at once (the cached one too) and cannot sign in; told until when', async () => {
    const user = await createUser(t.app);
    const phone = await signIn(t.app, user.email, user.password);
    // Both sessions are cached now.
    for (const cookie of [user.cookie, phone]) {
      expect((await call(t.app, 'GET', '/api/profile', { cookie })).statusCode).toBe(200);
    }
    const response = await suspend(user.id, { days: 7, reason: 'Abuse' });
    expect(response.statusCode, response.body).toBe(200);
    const until = await t.app.deps.database.db
      .selectFrom('users')
      .select('banExpires')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const end = formatSuspensionEnd(until.banExpires!);
    expect(response.json()).toEqual({ message: messages.moderation.suspended(end) });
    for (const cookie of [user.cookie, phone]) {
      const refused = await call(t.app, 'GET', '/api/profile', { cookie });
      expect(refused.statusCode).toBe(401);
      expect(errorOf(refused).message).toBe(messages.access.loginRequired);
    }
    const signInRefused = await trySignIn(user);
    expect(signInRefused.statusCode).toBe(403);
    expect(errorOf(signInRefused).message).toBe(messages.moderation.signInSuspendedUntil(end));
    expect(errorOf(signInRefused).message).toMatch(
      /^Your account is suspended until \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
    );
    // A wrong password learns nothing about the suspension.
    const wrong = await trySignIn(user, 'Wrong-Password-9');
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).message).toBe(messages.auth.invalidCredentials);

    const row = await adminRow(user.id);
    expect(row.status).toBe('suspended');
    expect(row.statusUntil).toBe(new Date(until.banExpires!).toISOString());

    const entries = (
      await call(t.app, 'GET', '/api/admin/audit', { cookie: admin.cookie })
    ).json<AuditLogResponse>().entries;
    expect(entries.find((e) => e.targetId === user.id)).toMatchObject({
      action: 'user.suspend',
      reason: 'Abuse',
      targetType: 'user',
    });
  });

  it('for good: sign-in says so, the list shows no end', async () => {
    const user = await createUser(t.app);
    const response = await suspend(user.id, { days: null, reason: 'Spam bot' });
    expect(response.json()).toEqual({ message: messages.moderation.suspended(null) });
    const refused = await trySignIn(user);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(messages.moderation.signInSuspendedForGood);
    const row = await adminRow(user.id);
    expect(row).toMatchObject({ status: 'suspended', statusUntil: null });
  });

  it('has their live streams closed', async () => {
    const user = await createUser(t.app);
    const { response, reader: events } = await listen(t.app, user.cookie);
    await expect.poll(() => events.comments).toContain('connected');
    const ended = new Promise<void>((resolve) => response.stream().on('end', resolve).resume());
    await suspend(user.id, { days: 1, reason: 'Streams' });
    await ended;
    const again = await call(t.app, 'GET', '/api/events', { cookie: user.cookie });
    expect(again.statusCode).toBe(401);
  });

  it('has their posts and board rows gone while it lasts, back once it is lifted', async () => {
    const user = await createUser(t.app);
    const viewer = await createUser(t.app);
    const club = await createClub(t.app, viewer, { name: 'Suspension Circle' });
    await joinClub(t.app, viewer, user, club.id);
    const post = await createPost(t.app, user.id);
    await befriend(t.app, viewer.id, user.id);
    await t.app.deps.database.db
      .updateTable('users')
      .set({ points: 100_000 })
      .where('id', '=', user.id)
      .execute();
    const seen = async () => {
      const feed = (
        await call(t.app, 'GET', '/api/posts?filter=all', { cookie: viewer.cookie })
      ).json<FeedResponse>().posts;
      const clubFeed = (
        await call(t.app, 'GET', `/api/posts?filter=club&clubId=${club.id}`, {
          cookie: viewer.cookie,
        })
      ).json<FeedResponse>().posts;
      const board = (
        await call(t.app, 'GET', '/api/leaderboard?scope=global', { cookie: viewer.cookie })
      ).body;
      const clubBoard = (
        await call(t.app, 'GET', `/api/clubs/${club.id}/leaderboard`, { cookie: viewer.cookie })
      ).body;
      const friendsBoard = (
        await call(t.app, 'GET', '/api/leaderboard?scope=friends', { cookie: viewer.cookie })
      ).body;
      const friendsFeed = (
        await call(t.app, 'GET', '/api/posts?filter=friends', { cookie: viewer.cookie })
      ).json<FeedResponse>().posts;
      return {
        feed: feed.some((p) => p.id === post.id),
        clubFeed: clubFeed.some((p) => p.id === post.id),
        friendsFeed: friendsFeed.some((p) => p.id === post.id),
        board: board.includes(user.id),
        clubBoard: clubBoard.includes(user.id),
        friendsBoard: friendsBoard.includes(user.id),
      };
    };
    const all = {
      feed: true,
      clubFeed: true,
      friendsFeed: true,
      board: true,
      clubBoard: true,
      friendsBoard: true,
    };
    const none = {
      feed: false,
      clubFeed: false,
      friendsFeed: false,
      board: false,
      clubBoard: false,
      friendsBoard: false,
    };
    // Read once, so the kept leaderboard holds the reader.
    expect(await seen()).toEqual(all);
    await suspend(user.id, { days: 30, reason: 'Rows' });
    expect(await seen()).toEqual(none);

    const lifted = await lift(user.id, { reason: 'Appeal' });
    expect(lifted.json()).toEqual({ message: messages.moderation.unsuspended });
    expect(await seen()).toEqual(all);
    expect((await adminRow(user.id)).status).toBe('active');
    // Signed in again from the browser that still holds the ended session's cookie: the new
    // session is theirs (the old cookie neither refuses it nor clears the new one).
    const again = await call(t.app, 'POST', '/api/auth/sign-in/email', {
      cookie: user.cookie,
      body: { email: user.email, password: user.password },
      headers: { 'x-captcha': await solveCaptcha(t.app) },
    });
    expect(again.statusCode).toBe(200);
    const cookie = sessionCookie(again);
    const me = await call(t.app, 'GET', '/api/me', { cookie });
    expect(me.json<{ user: { id: string } | null }>().user?.id).toBe(user.id);
    const entries = (
      await call(t.app, 'GET', '/api/admin/audit', { cookie: admin.cookie })
    ).json<AuditLogResponse>().entries;
    expect(entries.filter((e) => e.targetId === user.id).map((e) => e.action)).toEqual([
      'user.unsuspend',
      'user.suspend',
    ]);
  });

  it('signs in again by themselves once the suspension has ended', async () => {
    const user = await createUser(t.app);
    const post = await createPost(t.app, user.id);
    await suspend(user.id, { days: 1, reason: 'Short' });
    expect((await trySignIn(user)).statusCode).toBe(403);
    // A day later: the end has passed (set back here rather than waiting a day).
    await t.app.deps.database.db
      .updateTable('users')
      .set({ banExpires: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', user.id)
      .execute();
    expect((await adminRow(user.id)).status).toBe('active');
    const feed = (
      await call(t.app, 'GET', '/api/posts?filter=all', { cookie: admin.cookie })
    ).json<FeedResponse>().posts;
    expect(feed.some((p) => p.id === post.id)).toBe(true);
    const again = await trySignIn(user);
    expect(again.statusCode, again.body).toBe(200);
    // Lifting what has ended by itself is a conflict.
    expect((await lift(user.id)).statusCode).toBe(409);
  });
});
