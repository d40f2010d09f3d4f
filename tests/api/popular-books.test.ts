import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { PopularBooksResponse } from '../../src/lib/schemas/season';
import { createGrid, placeOk, type TestGrid } from '../helpers/bingo';
import { createClub, createClubCard, joinClub } from '../helpers/clubs';
import { createBook, insertBareUsers, type TestBook } from '../helpers/factories';
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
 * Issue 25: what others read for a square (GET /api/bingo/cells/:cellId/popular). A book is
 * named only once 3 readers who count used it there; hidden, suspended, erased readers and a
 * club card's former members count toward nothing. Each test uses squares of its own.
 * Bare readers (rows only) place through inserts, so the kept counts are made by migration
 * 022's triggers as any write makes them; readers with a session place through the API.
 */
let t: TestApp;
let admin: TestUser;
let asker: TestUser;
let grid: TestGrid;
let books: TestBook[];

const popularOf = (cellId: string, cookie?: string) =>
  call(t.app, 'GET', `/api/bingo/cells/${cellId}/popular`, cookie ? { cookie } : {});

async function listed(cellId: string, user: TestUser = asker) {
  const response = await popularOf(cellId, user.cookie);
  expect(response.statusCode).toBe(200);
  return response
    .json<PopularBooksResponse>()
    .books.map((b) => ({ isbn: b.isbn, readers: b.readers }));
}

/** Bare readers, visible to everyone unless told otherwise. */
async function readers(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `pop-${randomUUID()}`);
  await insertBareUsers(t.app, ids);
  return ids;
}

/** A placement row as the bingo service writes one (its triggers keep the counts). */
async function placeRow(userId: string, gridId: string, cellId: string, book: TestBook) {
  const now = new Date().toISOString();
  await t.app.deps.database.db
    .insertInto('placements')
    .values({
      id: randomUUID(),
      userId,
      gridId,
      cellId,
      bookIsbn: book.isbn,
      bookTitle: book.title,
      isWildcard: 0,
      points: 10,
      ruleMet: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

const flag = (on: boolean) => (t.app.deps.database.kind === 'postgres' ? on : on ? 1 : 0) as never;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  asker = await createUser(t.app);
  grid = await createGrid(t.app, { admin });
  books = [];
  for (let i = 0; i < 8; i++) books.push(await createBook(t.app));
});

afterAll(async () => {
  await t.close();
});

describe('what others read for a square', () => {
  it('names a book only once 3 readers used it, most used first, the asker counted too', async () => {
    const cell = grid.cells[0]!;
    const [a, b, c, d, e] = await readers(5);
    await placeRow(a!, grid.id, cell, books[0]!);
    await placeRow(b!, grid.id, cell, books[0]!);
    expect(await listed(cell)).toEqual([]);
    // The third reader is the asker, through the API: the book appears, used by 3.
    await placeOk(t.app, asker.cookie, cell, books[0]!.isbn);
    expect(await listed(cell)).toEqual([{ isbn: books[0]!.isbn, readers: 3 }]);
    // Another book's readers: at 5 it comes first.
    for (const id of [c!, d!, e!, ...(await readers(2))])
      await placeRow(id, grid.id, cell, books[1]!);
    expect(await listed(cell)).toEqual([
      { isbn: books[1]!.isbn, readers: 5 },
      { isbn: books[0]!.isbn, readers: 3 },
    ]);
    const body = (await popularOf(cell, asker.cookie)).json<PopularBooksResponse>();
    expect(body.books[0]).toMatchObject({ title: books[1]!.title, authors: books[1]!.authors });
  });

  it('moves a count with a replacement: the old book loses the reader, the new one gains', async () => {
    const cell = grid.cells[1]!;
    const [a, b] = await readers(2);
    await placeRow(a!, grid.id, cell, books[2]!);
    await placeRow(b!, grid.id, cell, books[2]!);
    const replacer = await createUser(t.app);
    await placeOk(t.app, replacer.cookie, cell, books[2]!.isbn);
    expect(await listed(cell)).toEqual([{ isbn: books[2]!.isbn, readers: 3 }]);
    await placeOk(t.app, replacer.cookie, cell, books[3]!.isbn);
    expect(await listed(cell)).toEqual([]);
  });

  it("never surfaces a hidden reader's book: 2 visible + 1 hidden is absent", async () => {
    const cell = grid.cells[2]!;
    const [a, b, hidden] = await readers(3);
    const { db } = t.app.deps.database;
    await db
      .updateTable('users')
      .set({ profileVisibility: 'only_me' })
      .where('id', '=', hidden!)
      .execute();
    for (const id of [a!, b!, hidden!]) await placeRow(id, grid.id, cell, books[4]!);
    expect(await listed(cell)).toEqual([]);
    // Friends only hides them from the public too.
    await db
      .updateTable('users')
      .set({ profileVisibility: 'friends' })
      .where('id', '=', hidden!)
      .execute();
    expect(await listed(cell)).toEqual([]);
    // Shown to everyone, they count; hidden again, they do not.
    await db
      .updateTable('users')
      .set({ profileVisibility: 'everyone' })
      .where('id', '=', hidden!)
      .execute();
    expect(await listed(cell)).toEqual([{ isbn: books[4]!.isbn, readers: 3 }]);
    await db
      .updateTable('users')
      .set({ profileVisibility: 'only_me' })
      .where('id', '=', hidden!)
      .execute();
    expect(await listed(cell)).toEqual([]);
  });

  it("never surfaces a suspended reader's book, and counts them again once lifted", async () => {
    const cell = grid.cells[3]!;
    const [a, b, suspended] = await readers(3);
    const { db } = t.app.deps.database;
    for (const id of [a!, b!, suspended!]) await placeRow(id, grid.id, cell, books[4]!);
    expect(await listed(cell)).toEqual([{ isbn: books[4]!.isbn, readers: 3 }]);
    await db
      .updateTable('users')
      .set({ banned: flag(true) })
      .where('id', '=', suspended!)
      .execute();
    expect(await listed(cell)).toEqual([]);
    await db
      .updateTable('users')
      .set({ banned: flag(false) })
      .where('id', '=', suspended!)
      .execute();
    expect(await listed(cell)).toEqual([{ isbn: books[4]!.isbn, readers: 3 }]);
  });

  it("never surfaces an erased reader's book (the admin's erasure, and a deleted row)", async () => {
    const cell = grid.cells[4]!;
    const [a, b] = await readers(2);
    const erased = await createUser(t.app);
    for (const id of [a!, b!]) await placeRow(id, grid.id, cell, books[5]!);
    await placeOk(t.app, erased.cookie, cell, books[5]!.isbn);
    expect(await listed(cell)).toEqual([{ isbn: books[5]!.isbn, readers: 3 }]);
    const erase = await call(t.app, 'POST', `/api/admin/users/${erased.id}/erase`, {
      cookie: admin.cookie,
      body: { reason: 'Asked to be erased' },
    });
    expect(erase.statusCode).toBe(200);
    expect(await listed(cell)).toEqual([]);
    // A users row deleted outright: its placements cascade, and its count goes with it.
    const [c] = await readers(1);
    await placeRow(c!, grid.id, cell, books[5]!);
    expect(await listed(cell)).toEqual([{ isbn: books[5]!.isbn, readers: 3 }]);
    await t.app.deps.database.db.deleteFrom('users').where('id', '=', c!).execute();
    expect(await listed(cell)).toEqual([]);
  });

  it('counts a club card among its members only: one who leaves counts no more', async () => {
    const owner = await createUser(t.app);
    const members = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const outsider = await createUser(t.app);
    const club = await createClub(t.app, owner, { name: 'Popular Circle' });
    for (const m of members) await joinClub(t.app, owner, m, club.id);
    const card = await createClubCard(t.app, owner, club.id);
    const cell = card.cells[0]!;
    for (const m of members) await placeOk(t.app, m.cookie, cell, books[6]!.isbn);
    expect(await listed(cell, owner)).toEqual([{ isbn: books[6]!.isbn, readers: 3 }]);

    // Outsiders are told the square is not there; guests and the signed-out are refused.
    const outside = await popularOf(cell, outsider.cookie);
    expect(outside.statusCode).toBe(404);
    expect(errorOf(outside).message).toBe(messages.popularBooks.notFound);
    const guest = await popularOf(cell, await createGuest(t.app));
    expect(guest.statusCode).toBe(403);
    expect(errorOf(guest).message).toBe(messages.access.loginRequired);
    const out = await popularOf(cell);
    expect(out.statusCode).toBe(401);
    expect(errorOf(out).message).toBe(messages.access.loginRequired);

    const leave = await call(t.app, 'DELETE', `/api/clubs/${club.id}/members/${members[0]!.id}`, {
      cookie: members[0]!.cookie,
    });
    expect(leave.statusCode).toBe(200);
    expect(await listed(cell, owner)).toEqual([]);
    // Back in the club, their book counts again.
    await joinClub(t.app, owner, members[0]!, club.id);
    expect(await listed(cell, owner)).toEqual([{ isbn: books[6]!.isbn, readers: 3 }]);
  });

  it('lists the best books of a square with many, across the bands the index reads', async () => {
    // Migration 023 reads a square's rows from the band (power of two) of its 10th best row
    // up: 12 books of 3 to 33 readers, then counts moved across bands by hiding readers.
    const cell = grid.cells[5]!;
    const counts = [33, 17, 9, 7, 6, 5, 4, 4, 4, 4, 3, 3];
    const many: TestBook[] = [];
    while (many.length < counts.length) many.push(await createBook(t.app));
    const placed = new Map<string, string[]>();
    for (const [i, count] of counts.entries()) {
      const ids = await readers(count);
      for (const id of ids) await placeRow(id, grid.id, cell, many[i]!);
      placed.set(many[i]!.isbn, ids);
    }
    const best = (entries: [number, TestBook][]) =>
      entries
        .sort(([a, x], [b, y]) => b - a || (x.isbn < y.isbn ? -1 : 1))
        .slice(0, 5)
        .map(([readers, book]) => ({ isbn: book.isbn, readers }));
    expect(await listed(cell)).toEqual(best(counts.map((c, i) => [c, many[i]!])));

    // 33 -> 31 (band 32 to 16) and 17 -> 16: hidden readers leave their books' counts.
    const hide = [...placed.get(many[0]!.isbn)!.slice(0, 2), placed.get(many[1]!.isbn)![0]!];
    await t.app.deps.database.db
      .updateTable('users')
      .set({ profileVisibility: 'only_me' })
      .where('id', 'in', hide)
      .execute();
    const now = [31, 16, ...counts.slice(2)];
    expect(await listed(cell)).toEqual(best(now.map((c, i) => [c, many[i]!])));
  });

  it('answers 404 for a square that is not there', async () => {
    const response = await popularOf('no-such-square', asker.cookie);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(messages.popularBooks.notFound);
  });

  it('keeps every count equal to a recount from the placements', async () => {
    const { rows } = await sql<{ cellId: string; bookIsbn: string; readers: number | string }>`
      select p.cell_id, p.book_isbn, count(*) as readers
      from placements p join users u on u.id = p.user_id join grids g on g.id = p.grid_id
      where u.profile_visibility = 'everyone' and not coalesce(u.banned, false)
        and (g.club_id is null or exists (select 1 from club_members m
          where m.club_id = g.club_id and m.user_id = p.user_id))
      group by p.cell_id, p.book_isbn`.execute(t.app.deps.database.db);
    const kept = await t.app.deps.database.db
      .selectFrom('squareBookCounts')
      .select(['cellId', 'bookIsbn', 'readers'])
      .where('readers', '>', 0)
      .execute();
    const key = (r: { cellId: string; bookIsbn: string; readers: number | string }) =>
      `${r.cellId} ${r.bookIsbn} ${Number(r.readers)}`;
    expect(kept.map(key).sort()).toEqual(rows.map(key).sort());
    expect(rows.length).toBeGreaterThan(5);
    // Each row's band is the largest power of two not above its count (1 at 0): migration 023.
    const bands = await t.app.deps.database.db
      .selectFrom('squareBookCounts')
      .select(['readers', 'band'])
      .execute();
    const bandOf = (n: number) => (n < 1 ? 1 : 2 ** Math.floor(Math.log2(n)));
    expect(bands.filter((r) => Number(r.band) !== bandOf(Number(r.readers)))).toEqual([]);
    expect(new Set(bands.map((r) => Number(r.band))).size).toBeGreaterThan(3);
  });
});
