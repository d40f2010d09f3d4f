import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinishedBooksResponse } from '../../src/lib/schemas/library';
import type { ProfileResponse } from '../../src/lib/schemas/profile';
import type { RecommendationState } from '../../src/lib/schemas/recommendations';
import { createGrid, placeBook, placeOk, type TestGrid } from '../helpers/bingo';
import { addBooks, FILLER_BOOKS, FIXTURE_BOOKS, HOBBIT } from '../helpers/books';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

// Issue 9: a placed book is a book read. Placing a book on the card adds it to the reader's
// finished books (unrated until rated) unless it is there already; reset and replacement leave
// finished books alone.

let t: TestApp;
let admin: TestUser;
let grid: TestGrid;

const [, FELLOWSHIP, PRIDE, DUNE] = FIXTURE_BOOKS.map((b) => b.isbn13);
const FILLERS = FILLER_BOOKS.map((b) => b.isbn13);

beforeAll(async () => {
  t = await createTestApp();
  await addBooks(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  grid = await createGrid(t.app, { admin });
});
afterAll(() => t.close());

async function finishedOf(cookie: string) {
  const response = await call(t.app, 'GET', '/api/finished-books', { cookie });
  expect(response.statusCode).toBe(200);
  return response.json<FinishedBooksResponse>();
}

async function statsOf(cookie: string) {
  const response = await call(t.app, 'GET', '/api/profile', { cookie });
  expect(response.statusCode).toBe(200);
  return response.json<ProfileResponse>().stats;
}

async function finishedRowCount(userId: string, isbn: string) {
  const rows = await t.app.deps.database.db
    .selectFrom('finishedBooks')
    .select('id')
    .where('userId', '=', userId)
    .where('bookIsbn', '=', isbn)
    .execute();
  return rows.length;
}

describe('a placed book is a book read', () => {
  it('adds the placed book to My Books, unrated, with the spec id', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);

    const finished = await finishedOf(reader.cookie);
    expect(finished.count).toBe(1);
    expect(finished.books[0]).toMatchObject({
      isbn: HOBBIT.isbn13,
      title: 'The Hobbit',
      rating: null,
      review: null,
      ratedAt: null,
    });
    const row = await t.app.deps.database.db
      .selectFrom('finishedBooks')
      .select('id')
      .where('userId', '=', reader.id)
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(`${reader.id}_${HOBBIT.isbn13}`);
  });

  it('counts it in Books Read, the streak and Last Read', async () => {
    const reader = await createUser(t.app);
    expect((await statsOf(reader.cookie)).booksRead).toBe(0);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    await placeOk(t.app, reader.cookie, grid.cells[1]!, FELLOWSHIP!);

    const stats = await statsOf(reader.cookie);
    expect(stats.booksRead).toBe(2);
    expect(stats.readingStreakWeeks).toBe(1);
    expect(stats.lastReadAt).not.toBeNull();
  });

  it('counts it towards ending the recommendation onboarding', async () => {
    const reader = await createUser(t.app);
    for (const [i, isbn] of FILLERS.slice(0, 5).entries()) {
      await placeOk(t.app, reader.cookie, grid.cells[i]!, isbn);
    }
    const response = await call(t.app, 'GET', '/api/recommendations/state', {
      cookie: reader.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<RecommendationState>()).toMatchObject({
      onboarding: false,
      finishedCount: 5,
    });
  });

  it('does not duplicate a book already finished, and keeps its rating', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, PRIDE!);
    const reviewed = await call(t.app, 'POST', '/api/reviews', {
      cookie: reader.cookie,
      body: { isbn: PRIDE, text: 'Lovely.', rating: 4 },
    });
    expect(reviewed.statusCode).toBeLessThan(300);
    // The second copy is the wildcard: the book is placed again but read once.
    await placeOk(t.app, reader.cookie, grid.cells[1]!, PRIDE!);

    expect(await finishedRowCount(reader.id, PRIDE!)).toBe(1);
    const finished = await finishedOf(reader.cookie);
    expect(finished.count).toBe(1);
    expect(finished.books[0]).toMatchObject({ isbn: PRIDE, rating: 4 });
  });

  it('keeps a book finished before it was placed as it was', async () => {
    const reader = await createUser(t.app);
    const added = await call(t.app, 'POST', '/api/finished-books', {
      cookie: reader.cookie,
      body: { isbn: DUNE },
    });
    expect(added.statusCode).toBeLessThan(300);
    const before = (await finishedOf(reader.cookie)).books[0]!;
    await placeOk(t.app, reader.cookie, grid.cells[0]!, DUNE!);

    expect(await finishedRowCount(reader.id, DUNE!)).toBe(1);
    expect((await finishedOf(reader.cookie)).books[0]).toEqual(before);
  });

  it('keeps the replaced book and adds the new one', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, DUNE!);

    const isbns = (await finishedOf(reader.cookie)).books.map((b) => b.isbn).sort();
    expect(isbns).toEqual([HOBBIT.isbn13, DUNE!].sort());
  });

  it('leaves finished books alone when the grid is reset', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    await placeOk(t.app, reader.cookie, grid.cells[1]!, FELLOWSHIP!);
    const reset = await call(t.app, 'DELETE', `/api/bingo/grids/${grid.id}/placements`, {
      cookie: reader.cookie,
    });
    expect(reset.statusCode).toBe(200);

    expect((await finishedOf(reader.cookie)).count).toBe(2);
    expect((await statsOf(reader.cookie)).booksRead).toBe(2);
  });

  it('adds nothing for a refused placement', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    await placeOk(t.app, reader.cookie, grid.cells[1]!, HOBBIT.isbn13);
    const third = await placeBook(t.app, reader.cookie, grid.cells[2]!, HOBBIT.isbn13);
    expect(third.statusCode).toBe(409);
    const accepted = await placeBook(t.app, reader.cookie, grid.cells[3]!, FELLOWSHIP!);
    expect(accepted.statusCode).toBe(200);
    expect((await finishedOf(reader.cookie)).count).toBe(2);
  });

  it('saves nothing for a guest (guests cannot save)', async () => {
    const guest = await createGuest(t.app);
    const allRows = () => t.app.deps.database.db.selectFrom('finishedBooks').select('id').execute();
    const before = await allRows();
    const response = await placeBook(t.app, guest, grid.cells[0]!, HOBBIT.isbn13);
    expect(response.statusCode).toBe(403);
    expect(await allRows()).toEqual(before);
  });
});
