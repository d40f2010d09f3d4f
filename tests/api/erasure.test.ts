import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { AuditLogResponse } from '../../src/lib/schemas/audit';
import type { LeaderboardResponse } from '../../src/lib/schemas/bingo';
import type { ClubLeaderboardResponse, ClubMembersResponse } from '../../src/lib/schemas/clubs';
import type { ErasurePreviewResponse } from '../../src/lib/schemas/erasure';
import type { FriendListResponse } from '../../src/lib/schemas/friends';
import { lockoutHash } from '../../src/server/auth/sign-in-lockout';
import { createGrid, placeOk } from '../helpers/bingo';
import { createClub, createClubCard, inviteToken, joinClub } from '../helpers/clubs';
import {
  addWantToRead,
  befriend,
  createBook,
  createFinishedBook,
  createPost,
} from '../helpers/factories';
import { listen } from '../helpers/live-events';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  solveCaptcha,
  uniqueEmail,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 23, erasure: a reader with a footprint in every table is erased, and then no table on
 * this database (SQLite, or PostgreSQL with DATABASE_URL) holds their id, email or username.
 */

let t: TestApp;
const db = () => t.app.deps.database.db;
const kind = () => t.app.deps.database.kind;

/**
 * Tables that cannot hold a reader: the catalogue (and SQLite's search index of it, books_fts
 * and its shadow tables), squares, captcha, migrations, the erasure log.
 */
const canHoldNoReader = (table: string) =>
  NO_READER_TABLES.includes(table) || table.startsWith('books_fts');
const NO_READER_TABLES = [
  'books',
  'cells',
  'captcha_solutions',
  // Placements per card, square and day (migration 021): counts only.
  'card_day_counts',
  'erasure_log',
  'kysely_migration',
  'kysely_migration_lock',
  // Issue 25: readers per square and book (migration 022): counts only.
  'square_book_counts',
];

/** Every table of the database as it is now, read from the schema itself. */
async function allTables(): Promise<string[]> {
  const { rows } =
    kind() === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db())
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db());
  return rows.map((row) => row.name).sort();
}

/** Reads every row of every table; per table, the rows in which any of `needles` occurs. */
async function scan(needles: string[]) {
  const lower = needles.map((needle) => needle.toLowerCase());
  const tables = await allTables();
  const hits: Record<string, number> = {};
  let rows = 0;
  for (const table of tables) {
    const { rows: found } = await sql<Record<string, unknown>>`select * from ${sql.table(
      table,
    )}`.execute(db());
    rows += found.length;
    for (const row of found) {
      const text = JSON.stringify(row).toLowerCase();
      if (lower.some((needle) => text.includes(needle))) hits[table] = (hits[table] ?? 0) + 1;
    }
  }
  return { tables, rows, hits };
}

async function signInFails(email: string) {
  const response = await call(t.app, 'POST', '/api/auth/sign-in/email', {
    body: { email, password: 'Wrong-Password-1' },
    headers: { 'x-captcha': await solveCaptcha(t.app) },
  });
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
}

async function traitsOf(userId: string) {
  const row = await db()
    .selectFrom('users')
    .select(['id', 'email', 'username', 'displayUsername'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row;
}

const preview = async (cookie: string) =>
  (await call(t.app, 'GET', '/api/me/erasure', { cookie })).json<ErasurePreviewResponse>();

let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

describe('erasing an account', () => {
  it('leaves no trace of the reader in any table, hands their clubs on and updates the boards', async () => {
    // X is an admin too, so the admin tables hold them; another admin stays.
    const x = await createUser(t.app, { role: 'admin', email: uniqueEmail('erasable') });
    const [friend, pendingTo, blocker, blockedByX, coOwner, early, late, clubOwner] =
      (await Promise.all(Array.from({ length: 8 }, () => createUser(t.app)))) as [
        TestUser,
        TestUser,
        TestUser,
        TestUser,
        TestUser,
        TestUser,
        TestUser,
        TestUser,
      ];
    const traits = await traitsOf(x.id);
    const needles = [
      x.id,
      traits.email,
      traits.username!,
      traits.displayUsername!,
      lockoutHash(traits.email, t.config.authSecret),
    ];

    // The shared card, the reset date and the audit log by X as an admin; a role change of X.
    const grid = await createGrid(t.app, { admin: x, title: 'Erasure Challenge' });
    expect(
      (
        await call(t.app, 'PUT', '/api/admin/reset-date', {
          cookie: x.cookie,
          body: { date: '2099-12-31' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'PUT', `/api/admin/users/${x.id}/role`, {
          cookie: admin.cookie,
          body: { role: 'admin', reason: `keeps ${traits.email} an admin` },
        })
      ).statusCode,
    ).toBe(200);
    // A placement under an Idempotency-Key, shelves, a review, a share link.
    const placed = await createBook(t.app);
    const placement = await call(t.app, 'POST', '/api/bingo/placements', {
      cookie: x.cookie,
      body: { cellId: grid.cells[0], isbn: placed.isbn },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placement.statusCode).toBe(200);
    await placeOk(t.app, friend.cookie, grid.cells[0]!, (await createBook(t.app)).isbn);
    await createFinishedBook(t.app, x.id, { rating: 5, review: 'Prickly and kind.' });
    await addWantToRead(t.app, x.id);
    await createPost(t.app, x.id);
    expect(
      (await call(t.app, 'POST', '/api/shares', { cookie: x.cookie, body: { gridId: grid.id } }))
        .statusCode,
    ).toBe(201);
    // Friends, a pending request, blocks both ways.
    await befriend(t.app, friend.id, x.id);
    await befriend(t.app, x.id, pendingTo.id, 'pending');
    const now = new Date().toISOString();
    await db()
      .insertInto('blocks')
      .values([
        { blockerId: blocker.id, blockedId: x.id, createdAt: now },
        { blockerId: x.id, blockedId: blockedByX.id, createdAt: now },
      ])
      .execute();
    // An import, and an entry still staged.
    const imported = await call(t.app, 'POST', '/api/imports', {
      cookie: x.cookie,
      body: { csv: readFileSync('tests/fixtures/goodreads_library_export.csv', 'utf8') },
    });
    expect(imported.statusCode).toBe(200);
    await db()
      .insertInto('importEntries')
      .values({
        importId: randomUUID(),
        seq: 0,
        list: 'want',
        id: randomUUID(),
        userId: x.id,
        bookIsbn: placed.isbn,
        title: placed.title,
        author: null,
        coverUrl: null,
        rating: null,
        review: null,
        ratingDate: null,
        finishedAt: null,
        addedAt: now,
        createdAt: now,
      })
      .execute();
    // Clubs: one with a co-owner, one with two members (the earlier joined first), one alone;
    // a club card with X's placement; a request to join someone else's club.
    const withCoOwner = await createClub(t.app, x, { name: 'Erasure Circle One' });
    await joinClub(t.app, x, early, withCoOwner.id);
    await joinClub(t.app, x, coOwner, withCoOwner.id);
    expect(
      (
        await call(t.app, 'PUT', `/api/clubs/${withCoOwner.id}/members/${coOwner.id}/role`, {
          cookie: x.cookie,
          body: { role: 'co_owner' },
        })
      ).statusCode,
    ).toBe(200);
    const withMembers = await createClub(t.app, x, { name: 'Erasure Circle Two' });
    await joinClub(t.app, x, early, withMembers.id);
    await joinClub(t.app, x, late, withMembers.id);
    const alone = await createClub(t.app, x, { name: 'Erasure Circle Three' });
    await inviteToken(t.app, x, alone.id);
    // A join code X made for a club that outlives them (issue 24).
    expect(
      (
        await call(t.app, 'POST', `/api/clubs/${withMembers.id}/join-code`, {
          cookie: x.cookie,
          body: { expiresInDays: 7 },
        })
      ).statusCode,
    ).toBe(201);
    const card = await createClubCard(t.app, x, withCoOwner.id);
    await placeOk(t.app, x.cookie, card.cells[0]!, (await createBook(t.app)).isbn);
    await placeOk(t.app, coOwner.cookie, card.cells[0]!, (await createBook(t.app)).isbn);
    const elsewhere = await createClub(t.app, clubOwner, { name: 'Erasure Elsewhere' });
    expect(
      (await call(t.app, 'POST', `/api/clubs/${elsewhere.id}/requests`, { cookie: x.cookie }))
        .statusCode,
    ).toBe(200);
    // Reports (issue 23): X reports a friend's post; the friend reports X's profile and post;
    // and X, as a club's owner, hides a member's post from the club's feed.
    const xPost = await createPost(t.app, x.id, { body: '<p>Reported words of X</p>' });
    const friendPost = await createPost(t.app, friend.id);
    const report = (reporter: TestUser, targetType: string, targetId: string) =>
      call(t.app, 'POST', '/api/reports', {
        cookie: reporter.cookie,
        body: { targetType, targetId, reason: 'spam', note: 'Please look.' },
      });
    expect((await report(x, 'post', friendPost.id)).statusCode).toBe(201);
    expect((await report(friend, 'profile', x.id)).statusCode).toBe(201);
    expect((await report(friend, 'post', xPost.id)).statusCode).toBe(201);
    const memberPost = await createPost(t.app, early.id);
    expect(
      (
        await call(t.app, 'POST', `/api/clubs/${withMembers.id}/posts/${memberPost.id}/hide`, {
          cookie: x.cookie,
        })
      ).statusCode,
    ).toBe(200);
    // A pending reset link, and a failed sign-in in the lock table.
    await call(t.app, 'POST', '/api/auth/request-password-reset', {
      body: { email: x.email, redirectTo: '/reset-password' },
    });
    await signInFails(x.email);

    // Before: every table that can hold a reader holds X, so a new table is caught here.
    const before = await scan(needles);
    const expected = before.tables.filter((table) => !canHoldNoReader(table));
    expect(Object.keys(before.hits).sort()).toEqual(expected);

    // What X is told before confirming.
    const told = await preview(x.cookie);
    expect(told).toEqual({
      passwordRequired: true,
      clubs: [
        {
          clubId: withCoOwner.id,
          name: 'Erasure Circle One',
          outcome: 'transferred',
          newOwnerName: (await traitsOf(coOwner.id)).displayUsername,
        },
        {
          clubId: withMembers.id,
          name: 'Erasure Circle Two',
          outcome: 'transferred',
          newOwnerName: (await traitsOf(early.id)).displayUsername,
        },
        { clubId: alone.id, name: 'Erasure Circle Three', outcome: 'deleted', newOwnerName: null },
      ],
    });
    const globalBoard = async () =>
      (
        await call(t.app, 'GET', '/api/leaderboard?scope=global', { cookie: friend.cookie })
      ).json<LeaderboardResponse>();
    const friendsBoard = async () =>
      (
        await call(t.app, 'GET', '/api/leaderboard?scope=friends', { cookie: friend.cookie })
      ).json<LeaderboardResponse>();
    const clubBoard = async () =>
      (
        await call(t.app, 'GET', `/api/clubs/${withCoOwner.id}/leaderboard`, {
          cookie: coOwner.cookie,
        })
      ).json<ClubLeaderboardResponse>();
    const friendsOf = async (user: TestUser) =>
      (
        await call(t.app, 'GET', '/api/friends', { cookie: user.cookie })
      ).json<FriendListResponse>();
    expect((await globalBoard()).entries.map((e) => e.userId)).toContain(x.id);
    expect((await friendsBoard()).entries.map((e) => e.userId)).toContain(x.id);
    expect((await clubBoard()).entries.map((e) => e.userId)).toContain(x.id);
    expect((await friendsOf(friend)).friends.map((f) => f.userId)).toContain(x.id);
    const { response: stream } = await listen(t.app, x.cookie);
    const streamEnded = new Promise<void>((resolve) => stream.stream().once('end', resolve));

    const erased = await call(t.app, 'POST', '/api/me/erase', {
      cookie: x.cookie,
      body: { password: x.password },
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ message: messages.erasure.erased });
    expect(String(erased.headers['set-cookie'])).toMatch(/bingo\.session_token=;.*Max-Age=0/);

    // After: nothing of X anywhere.
    const after = await scan(needles);
    console.log(
      `erasure scan (${kind()}): ${after.tables.length} tables, ${after.rows} rows read; ` +
        `before erasure X was in ${Object.keys(before.hits).length} of them ` +
        `(${Object.entries(before.hits)
          .map(([table, n]) => `${table} ${n}`)
          .join(', ')}); after: ${Object.keys(after.hits).length} tables with X's id, email, ` +
        `username or lock key`,
    );
    expect(after.hits).toEqual({});
    expect(after.tables).toEqual(before.tables);

    // The erasure log: one opaque id and the date; X's admin actions keep that id as actor.
    const log = await db().selectFrom('erasureLog').selectAll().execute();
    const opaque = log.at(-1)!.id;
    expect(opaque).not.toBe(x.id);
    const actions = await db()
      .selectFrom('auditLog')
      .select(['action', 'actorId', 'targetId'])
      .where((eb) => eb.or([eb('actorId', '=', opaque), eb('targetId', '=', opaque)]))
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(
      ['grid.create', 'reset_date.set', 'user.role'].sort(),
    );

    // The sessions end, the live stream closes; boards and lists no longer show X.
    expect((await call(t.app, 'GET', '/api/profile', { cookie: x.cookie })).statusCode).toBe(401);
    await Promise.race([
      streamEnded,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the live stream stayed open')), 5000),
      ),
    ]);
    expect((await globalBoard()).entries.map((e) => e.userId)).not.toContain(x.id);
    expect((await friendsBoard()).entries.map((e) => e.userId)).not.toContain(x.id);
    expect((await clubBoard()).entries.map((e) => e.userId)).not.toContain(x.id);
    expect((await friendsOf(friend)).friends.map((f) => f.userId)).not.toContain(x.id);
    expect((await friendsOf(pendingTo)).friends).toEqual([]);

    // The clubs went as X was told.
    const roleIn = async (clubId: string, viewer: TestUser) =>
      (
        await call(t.app, 'GET', `/api/clubs/${clubId}/members`, { cookie: viewer.cookie })
      ).json<ClubMembersResponse>().members;
    expect((await roleIn(withCoOwner.id, coOwner)).find((m) => m.userId === coOwner.id)?.role).toBe(
      'owner',
    );
    expect((await roleIn(withMembers.id, early)).map((m) => [m.userId, m.role])).toEqual([
      [early.id, 'owner'],
      [late.id, 'member'],
    ]);
    expect(
      await db().selectFrom('clubs').select('id').where('id', '=', alone.id).executeTakeFirst(),
    ).toBeUndefined();
  }, 120_000);

  it('refuses a wrong or missing password and changes nothing', async () => {
    const reader = await createUser(t.app);
    await createPost(t.app, reader.id);
    const wrong = await call(t.app, 'POST', '/api/me/erase', {
      cookie: reader.cookie,
      body: { password: 'Not-The-Password-1' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong)).toEqual({
      code: 'WRONG_PASSWORD',
      message: messages.erasure.wrongPassword,
    });
    const missing = await call(t.app, 'POST', '/api/me/erase', { cookie: reader.cookie, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe(messages.erasure.passwordRequired);
    expect((await call(t.app, 'GET', '/api/profile', { cookie: reader.cookie })).statusCode).toBe(
      200,
    );
    const posts = await db()
      .selectFrom('blogPosts')
      .select('id')
      .where('userId', '=', reader.id)
      .execute();
    expect(posts).toHaveLength(1);
  });

  it('erases a guest without a password', async () => {
    const guest = await createGuest(t.app);
    const told = await preview(guest);
    expect(told).toEqual({ clubs: [], passwordRequired: false });
    const me = await call(t.app, 'GET', '/api/me', { cookie: guest });
    const guestId = me.json<{ user: { id: string } }>().user.id;
    const erased = await call(t.app, 'POST', '/api/me/erase', { cookie: guest, body: {} });
    expect(erased.statusCode).toBe(200);
    expect(
      await db().selectFrom('users').select('id').where('id', '=', guestId).executeTakeFirst(),
    ).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/bingo/grids/none', { cookie: guest })).statusCode).toBe(
      401,
    );
  });

  it('lets an admin erase a reader with a reason; the audit log names only an opaque id', async () => {
    const reader = await createUser(t.app);
    const bystander = await createUser(t.app);
    const noReason = await call(t.app, 'POST', `/api/admin/users/${reader.id}/erase`, {
      cookie: admin.cookie,
      body: { reason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).message).toBe('Say why: the audit log keeps the reason.');
    const byReader = await call(t.app, 'POST', `/api/admin/users/${reader.id}/erase`, {
      cookie: bystander.cookie,
      body: { reason: 'Because' },
    });
    expect(byReader.statusCode).toBe(403);
    expect(errorOf(byReader).message).toBe(messages.access.adminOnly);

    const erased = await call(t.app, 'POST', `/api/admin/users/${reader.id}/erase`, {
      cookie: admin.cookie,
      body: { reason: 'Asked by their school' },
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ message: messages.erasure.adminErased });
    expect((await call(t.app, 'GET', '/api/profile', { cookie: reader.cookie })).statusCode).toBe(
      401,
    );
    const audit = (
      await call(t.app, 'GET', '/api/admin/audit', { cookie: admin.cookie })
    ).json<AuditLogResponse>();
    const entry = audit.entries.find((e) => e.action === 'user.erase')!;
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      reason: 'Asked by their school',
    });
    expect(entry.targetId).not.toBe(reader.id);
    const logged = await db()
      .selectFrom('erasureLog')
      .select('id')
      .where('id', '=', entry.targetId!)
      .executeTakeFirst();
    expect(logged).toBeDefined();
    expect(JSON.stringify(audit)).not.toContain(reader.id);

    const again = await call(t.app, 'POST', `/api/admin/users/${reader.id}/erase`, {
      cookie: admin.cookie,
      body: { reason: 'Again' },
    });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(messages.admin.readerNotFound);
  });

  it('lets no admin erase themselves through the admin route, nor the last admin go', async () => {
    const self = await call(t.app, 'POST', `/api/admin/users/${admin.id}/erase`, {
      cookie: admin.cookie,
      body: { reason: 'Leaving' },
    });
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toBe(messages.erasure.adminSelf);

    // Alone as an admin (the others made readers for the test), the admin cannot go.
    const others = await db()
      .updateTable('users')
      .set({ role: 'user' })
      .where('role', '=', 'admin')
      .where('id', '!=', admin.id)
      .returning('id')
      .execute();
    try {
      const last = await call(t.app, 'POST', '/api/me/erase', {
        cookie: admin.cookie,
        body: { password: admin.password },
      });
      expect(last.statusCode).toBe(409);
      expect(errorOf(last)).toEqual({ code: 'LAST_ADMIN', message: messages.erasure.lastAdmin });
      expect((await call(t.app, 'GET', '/api/profile', { cookie: admin.cookie })).statusCode).toBe(
        200,
      );
    } finally {
      if (others.length > 0) {
        await db()
          .updateTable('users')
          .set({ role: 'admin' })
          .where(
            'id',
            'in',
            others.map((o) => o.id),
          )
          .execute();
      }
    }
  });
});

describe('the guest sweep', () => {
  it('erases only the guests untouched for GUEST_RETENTION_DAYS, and lapsed locks and links', async () => {
    expect(t.config.guestRetentionDays).toBe(30);
    const staleGuest = await createGuest(t.app);
    const freshGuest = await createGuest(t.app);
    const idOf = async (cookie: string) =>
      (await call(t.app, 'GET', '/api/me', { cookie })).json<{ user: { id: string } }>().user.id;
    const [staleId, freshId] = [await idOf(staleGuest), await idOf(freshGuest)];
    const oldReader = await createUser(t.app);
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    for (const id of [staleId, oldReader.id]) {
      await db()
        .updateTable('users')
        .set({ createdAt: longAgo, updatedAt: longAgo, lastLogin: longAgo })
        .where('id', '=', id)
        .execute();
      await sql`update sessions set created_at = ${longAgo}, updated_at = ${longAgo}
        where user_id = ${id}`.execute(db());
    }
    await db()
      .insertInto('signInFailures')
      .values({ emailHash: 'lapsed', failures: 3, lastFailureAt: longAgo, lockedUntil: null })
      .execute();
    await sql`insert into verifications (id, identifier, value, expires_at, created_at, updated_at)
      values ('lapsed-link', 'reset-password:lapsed', 'someone', ${longAgo}, ${longAgo},
        ${longAgo})`.execute(db());
    // Reports: closed 181 days ago (goes), closed 179 days ago and open for a year (stay).
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const report = (id: string, status: 'open' | 'closed', closedAt: string | null) => ({
      id,
      reporterId: oldReader.id,
      targetType: 'profile' as const,
      targetId: `${id}-target`,
      reason: 'spam',
      snapshot: '{}',
      status,
      closedAt,
      createdAt: daysAgo(365),
    });
    await db()
      .insertInto('reports')
      .values([
        report('report-old', 'closed', daysAgo(181)),
        report('report-recent', 'closed', daysAgo(179)),
        report('report-open', 'open', null),
      ])
      .execute();

    expect(await t.app.sweepStaleGuests()).toBe(1);
    const reportsLeft = await db()
      .selectFrom('reports')
      .select('id')
      .where('id', 'in', ['report-old', 'report-recent', 'report-open'])
      .execute();
    expect(reportsLeft.map((row) => row.id).sort()).toEqual(['report-open', 'report-recent']);
    const left = await db()
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [staleId, freshId, oldReader.id])
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual([freshId, oldReader.id].sort());
    expect(
      await db()
        .selectFrom('signInFailures')
        .select('emailHash')
        .where('emailHash', '=', 'lapsed')
        .executeTakeFirst(),
    ).toBeUndefined();
    const { rows: links } = await sql`select id from verifications
      where id = 'lapsed-link'`.execute(db());
    expect(links).toEqual([]);
    expect(await t.app.sweepStaleGuests()).toBe(0);
  });
});

describe('the sign-in lock', () => {
  it('keeps no plain email, for an address with an account or without', async () => {
    const reader = await createUser(t.app);
    const nobody = uniqueEmail('nobody');
    await signInFails(reader.email);
    await signInFails(nobody);
    const rows = await db().selectFrom('signInFailures').selectAll().execute();
    const text = JSON.stringify(rows).toLowerCase();
    expect(text).not.toContain('@');
    expect(text).not.toContain(reader.email.toLowerCase());
    expect(rows.map((row) => row.emailHash)).toEqual(
      expect.arrayContaining([
        lockoutHash(reader.email, t.config.authSecret),
        lockoutHash(nobody, t.config.authSecret),
      ]),
    );
  });
});
