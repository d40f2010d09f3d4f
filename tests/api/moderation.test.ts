import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { AuditLogResponse } from '../../src/lib/schemas/audit';
import type { ModerationQueueResponse } from '../../src/lib/schemas/moderation';
import type { FeedResponse } from '../../src/lib/schemas/posts';
import { createClub, joinClub } from '../helpers/clubs';
import { befriend, createPost } from '../helpers/factories';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/** Issue 23: reports, the moderation queue and the moderators' actions. */
let t: TestApp;
let admin: TestUser;
let author: TestUser;
let reporter: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { config: { moderationRateLimits: { reports: { max: 30 } } } });
  [admin, author, reporter, other] = await Promise.all([
    createUser(t.app, { role: 'admin' }),
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
  ]);
});
afterAll(() => t.close());

const report = (user: TestUser | string, body: unknown) =>
  call(t.app, 'POST', '/api/reports', {
    cookie: typeof user === 'string' ? user : user.cookie,
    body,
  });

const feed = async (user: TestUser, query = 'filter=all') => {
  const response = await call(t.app, 'GET', `/api/posts?${query}`, { cookie: user.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FeedResponse>().posts;
};

const queue = async (cursor?: string) => {
  const response = await call(
    t.app,
    'GET',
    `/api/admin/reports${cursor ? `?cursor=${cursor}` : ''}`,
    { cookie: admin.cookie },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ModerationQueueResponse>();
};

const auditActions = async () => {
  const response = await call(t.app, 'GET', '/api/admin/audit', { cookie: admin.cookie });
  return response.json<AuditLogResponse>().entries;
};

describe('POST /api/reports', () => {
  it('receives a report of a post, keeping the content as it was', async () => {
    const post = await createPost(t.app, author.id, { body: '<p>Rude words</p>' });
    const response = await report(reporter, {
      targetType: 'post',
      targetId: post.id,
      reason: 'harassment',
      note: 'Not nice.',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: messages.moderation.reportReceived });
    // The author edits nothing, but the post goes: the queue keeps what was reported.
    const item = (await queue()).items.find((i) => i.targetId === post.id)!;
    expect(item.snapshot.body).toBe('<p>Rude words</p>');
    expect(item.snapshot.ownerId).toBe(author.id);
    expect(item.reasons).toEqual({ harassment: 1 });
    expect(item.notes).toEqual(['Not nice.']);
    expect(item.reports).toBe(1);
    expect(item.hidden).toBe(false);
  });

  it('refuses a second open report of the same target by the same reader (409)', async () => {
    const post = await createPost(t.app, author.id);
    const body = { targetType: 'post', targetId: post.id, reason: 'spam' };
    expect((await report(reporter, body)).statusCode).toBe(201);
    const again = await report(reporter, { ...body, reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(messages.moderation.alreadyReported);
    // Another reader may; the queue groups both, and nobody is named.
    expect((await report(other, body)).statusCode).toBe(201);
    const item = (await queue()).items.find((i) => i.targetId === post.id)!;
    expect(item.reports).toBe(2);
    expect(item.reasons).toEqual({ spam: 2 });
    expect(JSON.stringify(item)).not.toContain(reporter.id);
    expect(JSON.stringify(item)).not.toContain(other.id);
  });

  it('lets a reader report again once the earlier report was closed', async () => {
    const post = await createPost(t.app, author.id);
    const body = { targetType: 'post', targetId: post.id, reason: 'spam' };
    expect((await report(reporter, body)).statusCode).toBe(201);
    const dismissed = await call(t.app, 'POST', `/api/admin/reports/post/${post.id}/dismiss`, {
      cookie: admin.cookie,
      body: {},
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await report(reporter, body)).statusCode).toBe(201);
  });

  it('refuses reporting oneself: own post, own profile, own club', async () => {
    const post = await createPost(t.app, reporter.id);
    const club = await createClub(t.app, reporter, { name: 'My Own Circle' });
    for (const body of [
      { targetType: 'post', targetId: post.id, reason: 'spam' },
      { targetType: 'profile', targetId: reporter.id, reason: 'spam' },
      { targetType: 'club', targetId: club.id, reason: 'spam' },
    ]) {
      const response = await report(reporter, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message).toBe(messages.moderation.reportOwn);
    }
  });

  it('answers 404 for what does not exist or what the reader cannot see', async () => {
    const blocker = await createUser(t.app);
    const blockedPost = await createPost(t.app, blocker.id);
    await t.app.deps.database.db
      .insertInto('blocks')
      .values({
        blockerId: blocker.id,
        blockedId: reporter.id,
        createdAt: new Date().toISOString(),
      })
      .execute();
    const hidden = await createPost(t.app, author.id);
    await t.app.deps.database.db
      .updateTable('blogPosts')
      .set({ hiddenAt: new Date().toISOString() })
      .where('id', '=', hidden.id)
      .execute();
    const privateReader = await createUser(t.app);
    await t.app.deps.database.db
      .updateTable('users')
      .set({ profileVisibility: 'only_me' })
      .where('id', '=', privateReader.id)
      .execute();
    const blockersClub = await createClub(t.app, blocker, { name: 'Blocked Circle' });
    for (const body of [
      { targetType: 'post', targetId: 'no-such-post', reason: 'spam' },
      { targetType: 'post', targetId: blockedPost.id, reason: 'spam' },
      { targetType: 'post', targetId: hidden.id, reason: 'spam' },
      { targetType: 'profile', targetId: blocker.id, reason: 'spam' },
      { targetType: 'profile', targetId: privateReader.id, reason: 'spam' },
      { targetType: 'profile', targetId: 'no-such-reader', reason: 'spam' },
      { targetType: 'club', targetId: blockersClub.id, reason: 'spam' },
      { targetType: 'club', targetId: 'no-such-club', reason: 'spam' },
    ]) {
      const response = await report(reporter, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(errorOf(response).message).toBe(messages.moderation.targetNotFound);
    }
  });

  it('checks the body: target type, reason, note length', async () => {
    const cases: [unknown, string][] = [
      [
        { targetType: 'book', targetId: 'x', reason: 'spam' },
        'Choose what you are reporting: a post, a profile or a club.',
      ],
      [{ targetType: 'post', targetId: 'x', reason: 'boring' }, 'Choose a reason for your report.'],
    ];
    for (const [body, message] of cases) {
      const response = await report(reporter, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
    const long = await report(reporter, {
      targetType: 'profile',
      targetId: author.id,
      reason: 'other',
      note: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
  });

  it('turns away guests (403) and the signed-out (401)', async () => {
    const body = { targetType: 'profile', targetId: author.id, reason: 'spam' };
    const guest = await report(await createGuest(t.app), body);
    expect(guest.statusCode).toBe(403);
    expect(errorOf(guest).message).toBe(messages.access.loginRequired);
    const out = await call(t.app, 'POST', '/api/reports', { body });
    expect(out.statusCode).toBe(401);
  });

  it('reports a profile and a club with their texts', async () => {
    await call(t.app, 'PATCH', '/api/profile', {
      cookie: author.cookie,
      body: { bio: 'Mean bio' },
    });
    const club = await createClub(t.app, author, { name: 'Rude Circle', description: 'Bad words' });
    expect(
      (await report(reporter, { targetType: 'profile', targetId: author.id, reason: 'other' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await report(reporter, { targetType: 'club', targetId: club.id, reason: 'inappropriate' }))
        .statusCode,
    ).toBe(201);
    const items = (await queue()).items;
    const profile = items.find((i) => i.targetType === 'profile' && i.targetId === author.id)!;
    expect(profile.snapshot.body).toBe('Mean bio');
    const clubItem = items.find((i) => i.targetId === club.id)!;
    expect(clubItem.snapshot).toMatchObject({
      title: 'Rude Circle',
      body: 'Bad words',
      ownerId: author.id,
    });
  });
});

describe('the rate limit on reports', () => {
  it('stops a reader after their number of reports, with the text', async () => {
    const limited = await createTestApp(
      {},
      { config: { moderationRateLimits: { reports: { max: 2 } } } },
    );
    try {
      const [a, b] = await Promise.all([createUser(limited.app), createUser(limited.app)]);
      const send = (targetId: string) =>
        call(limited.app, 'POST', '/api/reports', {
          cookie: a.cookie,
          body: { targetType: 'post', targetId, reason: 'spam' },
        });
      const posts = await Promise.all([1, 2, 3].map(() => createPost(limited.app, b.id)));
      expect((await send(posts[0]!.id)).statusCode).toBe(201);
      expect((await send(posts[1]!.id)).statusCode).toBe(201);
      const third = await send(posts[2]!.id);
      expect(third.statusCode).toBe(429);
      expect(errorOf(third).message).toBe(messages.moderation.tooManyReports);
    } finally {
      await limited.close();
    }
  });
});

describe("the rate limit on hiding posts from a club's feed", () => {
  it('stops an owner after their number of hides and shows, with the text', async () => {
    const limited = await createTestApp(
      {},
      { config: { moderationRateLimits: { clubPostHides: { max: 2 } } } },
    );
    try {
      const [owner, member] = await Promise.all([createUser(limited.app), createUser(limited.app)]);
      const club = await createClub(limited.app, owner, { name: 'Busy Hiding Circle' });
      await joinClub(limited.app, owner, member, club.id);
      const post = await createPost(limited.app, member.id);
      const url = `/api/clubs/${club.id}/posts/${post.id}/hide`;
      // Hiding and showing are counted each on their own: two of each pass, a third hide not.
      for (let round = 0; round < 2; round += 1) {
        expect((await call(limited.app, 'POST', url, { cookie: owner.cookie })).statusCode).toBe(
          200,
        );
        const shown = await call(limited.app, 'DELETE', url, { cookie: owner.cookie });
        expect(shown.statusCode).toBe(200);
      }
      const third = await call(limited.app, 'POST', url, { cookie: owner.cookie });
      expect(third.statusCode).toBe(429);
      expect(errorOf(third).message).toBe(messages.moderation.tooManyClubHides);
    } finally {
      await limited.close();
    }
  });
});

describe('the moderation queue', () => {
  it('is for admins only', async () => {
    const response = await call(t.app, 'GET', '/api/admin/reports', { cookie: reporter.cookie });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(messages.access.adminOnly);
  });

  it('groups open reports by target, oldest first, 25 a page', async () => {
    const fresh = await createTestApp(
      {},
      { config: { moderationRateLimits: { reports: { max: 100 } } } },
    );
    try {
      const [boss, writer] = await Promise.all([
        createUser(fresh.app, { role: 'admin' }),
        createUser(fresh.app),
      ]);
      const readers = await Promise.all([1, 2].map(() => createUser(fresh.app)));
      const posts = [];
      for (let i = 0; i < 27; i += 1) posts.push(await createPost(fresh.app, writer.id));
      for (const post of posts) {
        for (const reader of readers) {
          const sent = await call(fresh.app, 'POST', '/api/reports', {
            cookie: reader.cookie,
            body: { targetType: 'post', targetId: post.id, reason: 'spam' },
          });
          expect(sent.statusCode).toBe(201);
        }
      }
      const read = async (cursor?: string) =>
        (
          await call(fresh.app, 'GET', `/api/admin/reports${cursor ? `?cursor=${cursor}` : ''}`, {
            cookie: boss.cookie,
          })
        ).json<ModerationQueueResponse>();
      const first = await read();
      expect(first.items).toHaveLength(25);
      expect(first.items.every((i) => i.reports === 2)).toBe(true);
      expect(first.nextCursor).not.toBeNull();
      const second = await read(first.nextCursor!);
      expect(second.items).toHaveLength(2);
      expect(second.nextCursor).toBeNull();
      // Every target once, the oldest first report first (posts were reported in order).
      const all = [...first.items, ...second.items];
      expect(new Set(all.map((i) => i.targetId))).toEqual(new Set(posts.map((p) => p.id)));
      expect(all.map((i) => i.targetId)).toHaveLength(27);
      const times = all.map((i) => i.firstReportedAt);
      expect(times).toEqual([...times].sort());
      expect(all[0]!.targetId).toBe(posts[0]!.id);
      const bad = await call(fresh.app, 'GET', '/api/admin/reports?cursor=nonsense', {
        cookie: boss.cookie,
      });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).message).toBe(messages.generic.badRequest);
    } finally {
      await fresh.close();
    }
  });

  it('dismisses a target: its reports close, the audit log says so; none open is 404', async () => {
    const post = await createPost(t.app, author.id);
    await report(reporter, { targetType: 'post', targetId: post.id, reason: 'spam' });
    const url = `/api/admin/reports/post/${post.id}/dismiss`;
    const done = await call(t.app, 'POST', url, {
      cookie: admin.cookie,
      body: { reason: 'Fine' },
    });
    expect(done.json()).toEqual({ message: messages.moderation.reportsDismissed });
    expect((await queue()).items.some((i) => i.targetId === post.id)).toBe(false);
    const entry = (await auditActions()).find((e) => e.targetId === post.id)!;
    expect(entry).toMatchObject({ action: 'report.dismiss', reason: 'Fine', targetType: 'post' });
    const again = await call(t.app, 'POST', url, { cookie: admin.cookie, body: {} });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(messages.moderation.noOpenReports);
    const wrongType = await call(t.app, 'POST', `/api/admin/reports/book/${post.id}/dismiss`, {
      cookie: admin.cookie,
      body: {},
    });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe('hiding and removing a post', () => {
  it('hides a post from everyone but its author, who sees it marked; unhide shows it', async () => {
    const post = await createPost(t.app, author.id);
    await befriend(t.app, reporter.id, author.id);
    await report(reporter, { targetType: 'post', targetId: post.id, reason: 'spoilers' });
    const hide = await call(t.app, 'POST', `/api/admin/posts/${post.id}/hide`, {
      cookie: admin.cookie,
      body: { reason: 'Spoilers' },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toEqual({ message: messages.moderation.postHidden });
    // Gone from every feed of others.
    for (const query of ['filter=all', 'filter=friends']) {
      expect((await feed(reporter, query)).some((p) => p.id === post.id)).toBe(false);
    }
    expect((await feed(other)).some((p) => p.id === post.id)).toBe(false);
    // The author sees it, marked, in every feed of theirs.
    for (const query of ['filter=all', 'filter=mine']) {
      const mine = (await feed(author, query)).find((p) => p.id === post.id);
      expect(mine?.hidden, query).toBe(true);
    }
    // Its open reports are closed.
    expect((await queue()).items.some((i) => i.targetId === post.id)).toBe(false);
    const twice = await call(t.app, 'POST', `/api/admin/posts/${post.id}/hide`, {
      cookie: admin.cookie,
      body: {},
    });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(messages.moderation.postAlreadyHidden);

    const unhide = await call(t.app, 'DELETE', `/api/admin/posts/${post.id}/hide`, {
      cookie: admin.cookie,
      body: {},
    });
    expect(unhide.json()).toEqual({ message: messages.moderation.postUnhidden });
    expect((await feed(reporter)).find((p) => p.id === post.id)?.hidden).toBe(false);
    const again = await call(t.app, 'DELETE', `/api/admin/posts/${post.id}/hide`, {
      cookie: admin.cookie,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(messages.moderation.postNotHidden);
    const actions = (await auditActions())
      .filter((e) => e.targetId === post.id)
      .map((e) => e.action);
    expect(actions).toEqual(['post.unhide', 'post.hide']);
  });

  it("hides a post from a club's feed too", async () => {
    const club = await createClub(t.app, other, { name: 'Hidden Post Circle' });
    await joinClub(t.app, other, author, club.id);
    const post = await createPost(t.app, author.id);
    await call(t.app, 'POST', `/api/admin/posts/${post.id}/hide`, { cookie: admin.cookie });
    const clubFeed = await feed(other, `filter=club&clubId=${club.id}`);
    expect(clubFeed.some((p) => p.id === post.id)).toBe(false);
  });

  it('removes a post for good, closing its reports; an unknown post is 404', async () => {
    const post = await createPost(t.app, author.id);
    await report(reporter, { targetType: 'post', targetId: post.id, reason: 'spam' });
    const removed = await call(t.app, 'DELETE', `/api/admin/posts/${post.id}`, {
      cookie: admin.cookie,
      body: { reason: 'Spam' },
    });
    expect(removed.json()).toEqual({ message: messages.moderation.postRemoved });
    expect((await feed(author, 'filter=mine')).some((p) => p.id === post.id)).toBe(false);
    expect((await queue()).items.some((i) => i.targetId === post.id)).toBe(false);
    const entry = (await auditActions()).find((e) => e.targetId === post.id)!;
    expect(entry).toMatchObject({ action: 'post.remove', reason: 'Spam' });
    for (const [method, url] of [
      ['DELETE', `/api/admin/posts/${post.id}`],
      ['POST', `/api/admin/posts/${post.id}/hide`],
      ['DELETE', `/api/admin/posts/${post.id}/hide`],
    ] as const) {
      const missing = await call(t.app, method, url, { cookie: admin.cookie, body: {} });
      expect(missing.statusCode, url).toBe(404);
      expect(errorOf(missing).message).toBe(messages.moderation.postNotFound);
    }
  });

  it('refuses every moderator action to a reader (403) and to the signed-out (401)', async () => {
    const post = await createPost(t.app, author.id);
    const routes: [string, string, unknown][] = [
      ['POST', `/api/admin/posts/${post.id}/hide`, {}],
      ['DELETE', `/api/admin/posts/${post.id}/hide`, {}],
      ['DELETE', `/api/admin/posts/${post.id}`, {}],
      ['POST', `/api/admin/reports/post/${post.id}/dismiss`, {}],
      ['POST', `/api/admin/users/${author.id}/reset-profile`, { fields: ['bio'] }],
      ['POST', `/api/admin/users/${author.id}/suspension`, { days: 1, reason: 'x' }],
      ['DELETE', `/api/admin/users/${author.id}/suspension`, {}],
    ];
    for (const [method, url, body] of routes) {
      const asReader = await call(t.app, method, url, { cookie: reporter.cookie, body });
      expect(asReader.statusCode, url).toBe(403);
      expect(errorOf(asReader).message).toBe(messages.access.adminOnly);
      expect((await call(t.app, method, url, { body })).statusCode, url).toBe(401);
    }
    expect((await feed(reporter)).some((p) => p.id === post.id)).toBe(true);
  });
});

describe('resetting a profile or a club', () => {
  it("sets a reader's name and bio back to the default, closing the reports", async () => {
    const rude = await createUser(t.app);
    await call(t.app, 'PATCH', '/api/profile', {
      cookie: rude.cookie,
      body: { username: 'Rude_Name', bio: 'Rude bio' },
    });
    await report(reporter, { targetType: 'profile', targetId: rude.id, reason: 'inappropriate' });
    const reset = await call(t.app, 'POST', `/api/admin/users/${rude.id}/reset-profile`, {
      cookie: admin.cookie,
      body: { fields: ['name', 'bio'], reason: 'Name' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ message: messages.moderation.profileReset });
    const row = await t.app.deps.database.db
      .selectFrom('users')
      .select(['name', 'username', 'displayUsername', 'bio'])
      .where('id', '=', rude.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(messages.moderation.defaultReaderName);
    expect(row.displayUsername).toMatch(/^reader\d{4}$/);
    expect(row.username).toBe(row.displayUsername!.toLowerCase());
    expect(row.bio).toBeNull();
    // The reader's own session shows the new name at once.
    const me = await call(t.app, 'GET', '/api/me', { cookie: rude.cookie });
    expect(JSON.stringify(me.json())).not.toContain('Rude_Name');
    expect((await queue()).items.some((i) => i.targetId === rude.id)).toBe(false);
    const entry = (await auditActions()).find((e) => e.targetId === rude.id)!;
    expect(entry).toMatchObject({ action: 'profile.reset', targetType: 'user', reason: 'Name' });
  });

  it('refuses the wrong fields and unknown readers', async () => {
    const wrong = await call(t.app, 'POST', `/api/admin/users/${author.id}/reset-profile`, {
      cookie: admin.cookie,
      body: { fields: ['description'] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe(messages.moderation.profileFieldsOnly);
    const none = await call(t.app, 'POST', `/api/admin/users/${author.id}/reset-profile`, {
      cookie: admin.cookie,
      body: { fields: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).message).toBe('Choose what to reset.');
    const missing = await call(t.app, 'POST', '/api/admin/users/nobody/reset-profile', {
      cookie: admin.cookie,
      body: { fields: ['bio'] },
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(messages.admin.readerNotFound);
  });

  it("sets a club's name and description back to the default", async () => {
    const club = await createClub(t.app, author, { name: 'Awful Circle', description: 'Awful' });
    await report(reporter, { targetType: 'club', targetId: club.id, reason: 'inappropriate' });
    const reset = await call(t.app, 'POST', `/api/admin/clubs/${club.id}/reset`, {
      cookie: admin.cookie,
      body: { fields: ['name', 'description'] },
    });
    expect(reset.json()).toEqual({ message: messages.moderation.clubReset });
    const row = await t.app.deps.database.db
      .selectFrom('clubs')
      .select(['name', 'description'])
      .where('id', '=', club.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: messages.moderation.defaultClubName, description: '' });
    expect((await queue()).items.some((i) => i.targetId === club.id)).toBe(false);
    expect((await auditActions()).find((e) => e.targetId === club.id)?.action).toBe('club.reset');
    const wrong = await call(t.app, 'POST', `/api/admin/clubs/${club.id}/reset`, {
      cookie: admin.cookie,
      body: { fields: ['bio'] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe(messages.moderation.clubFieldsOnly);
    const missing = await call(t.app, 'POST', '/api/admin/clubs/nope/reset', {
      cookie: admin.cookie,
      body: { fields: ['name'] },
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(messages.moderation.clubNotFound);
  });
});

describe("a club's owners hide a post from the club's feed", () => {
  it('hides it from that club only, for its owners; others are refused', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const club = await createClub(t.app, owner, { name: 'Owner Hides Circle' });
    const otherClub = await createClub(t.app, owner, { name: 'Other Circle' });
    await joinClub(t.app, owner, member, club.id);
    await joinClub(t.app, owner, member, otherClub.id);
    const post = await createPost(t.app, member.id);
    const url = `/api/clubs/${club.id}/posts/${post.id}/hide`;

    const asMember = await call(t.app, 'POST', url, { cookie: member.cookie });
    expect(asMember.statusCode).toBe(403);
    expect(errorOf(asMember).message).toBe(messages.clubs.ownersOnly);
    const asAdmin = await call(t.app, 'POST', url, { cookie: admin.cookie });
    expect(asAdmin.statusCode).toBe(403);

    const hidden = await call(t.app, 'POST', url, { cookie: owner.cookie });
    expect(hidden.json()).toEqual({ message: messages.moderation.clubPostHidden });
    // Gone from the club's feed for its members, the author among them.
    expect(
      (await feed(member, `filter=club&clubId=${club.id}`)).some((p) => p.id === post.id),
    ).toBe(false);
    // Still in the other club's feed and everyone's.
    expect(
      (await feed(owner, `filter=club&clubId=${otherClub.id}`)).some((p) => p.id === post.id),
    ).toBe(true);
    expect((await feed(owner)).some((p) => p.id === post.id)).toBe(true);
    // Hiding again changes nothing.
    expect((await call(t.app, 'POST', url, { cookie: owner.cookie })).statusCode).toBe(200);

    const shown = await call(t.app, 'DELETE', url, { cookie: owner.cookie });
    expect(shown.json()).toEqual({ message: messages.moderation.clubPostShown });
    expect(
      (await feed(member, `filter=club&clubId=${club.id}`)).some((p) => p.id === post.id),
    ).toBe(true);

    // A post no member wrote is not the club's to hide.
    const stranger = await createPost(t.app, other.id);
    const notOurs = await call(t.app, 'POST', `/api/clubs/${club.id}/posts/${stranger.id}/hide`, {
      cookie: owner.cookie,
    });
    expect(notOurs.statusCode).toBe(404);
    expect(errorOf(notOurs).message).toBe(messages.moderation.postNotFound);
    const noClub = await call(t.app, 'POST', `/api/clubs/nope/posts/${post.id}/hide`, {
      cookie: owner.cookie,
    });
    expect(noClub.statusCode).toBe(404);
    expect(errorOf(noClub).message).toBe(messages.clubs.notFound);
  });
});

describe("a club's owners see what they hid from its feed, and show it again", () => {
  it('sends hidden posts to the owner and co-owners marked, never to members', async () => {
    const [owner, co, member, writer] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    const club = await createClub(t.app, owner, { name: 'Unhide Circle' });
    for (const reader of [co, member, writer]) await joinClub(t.app, owner, reader, club.id);
    const made = await call(t.app, 'PUT', `/api/clubs/${club.id}/members/${co.id}/role`, {
      cookie: owner.cookie,
      body: { role: 'co_owner' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const kept = await createPost(t.app, writer.id);
    const post = await createPost(t.app, writer.id);
    const url = `/api/clubs/${club.id}/posts/${post.id}/hide`;
    const query = `filter=club&clubId=${club.id}`;
    const flagsFor = async (reader: TestUser) =>
      Object.fromEntries(
        (await feed(reader, query))
          .filter((p) => p.id === post.id || p.id === kept.id)
          .map((p) => [p.id === post.id ? 'post' : 'kept', p.hiddenInClub]),
      );

    // Before: owners are told nothing is hidden; members are not sent the flag at all.
    expect(await flagsFor(owner)).toEqual({ post: false, kept: false });
    expect(await flagsFor(member)).toEqual({ post: undefined, kept: undefined });

    expect((await call(t.app, 'POST', url, { cookie: co.cookie })).statusCode).toBe(200);
    expect(await flagsFor(owner)).toEqual({ post: true, kept: false });
    expect(await flagsFor(co)).toEqual({ post: true, kept: false });
    // Members (the author too) never get it, flagged or not.
    expect(await flagsFor(member)).toEqual({ kept: undefined });
    expect(await flagsFor(writer)).toEqual({ kept: undefined });
    // Everyone's feed does not carry the club's flag.
    const everyone = (await feed(owner)).find((p) => p.id === post.id)!;
    expect(everyone.hiddenInClub).toBeUndefined();

    // A member cannot show it again; the owner can, and it is back for everyone.
    const asMember = await call(t.app, 'DELETE', url, { cookie: member.cookie });
    expect(asMember.statusCode).toBe(403);
    expect(errorOf(asMember).message).toBe(messages.clubs.ownersOnly);
    expect(await flagsFor(member)).toEqual({ kept: undefined });
    const shown = await call(t.app, 'DELETE', url, { cookie: owner.cookie });
    expect(shown.json()).toEqual({ message: messages.moderation.clubPostShown });
    expect(await flagsFor(owner)).toEqual({ post: false, kept: false });
    expect(await flagsFor(member)).toEqual({ post: undefined, kept: undefined });
  });

  it('keeps a post a moderator hid away from the owners too', async () => {
    const owner = await createUser(t.app);
    const writer = await createUser(t.app);
    const club = await createClub(t.app, owner, { name: 'Moderated Circle' });
    await joinClub(t.app, owner, writer, club.id);
    const post = await createPost(t.app, writer.id);
    await call(t.app, 'POST', `/api/clubs/${club.id}/posts/${post.id}/hide`, {
      cookie: owner.cookie,
    });
    const hidden = await call(t.app, 'POST', `/api/admin/posts/${post.id}/hide`, {
      cookie: admin.cookie,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const ownerFeed = await feed(owner, `filter=club&clubId=${club.id}`);
    expect(ownerFeed.some((p) => p.id === post.id)).toBe(false);
  });
});
