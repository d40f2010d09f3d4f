import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGE_RULES } from '../../src/lib/challenge-rules';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import { messages } from '../../src/lib/messages';
import type { BingoCardResponse } from '../../src/lib/schemas/bingo';
import type {
  FitResponse,
  FittingBooksResponse,
  PlaceFittingBooksResponse,
  SuggestionsResponse,
} from '../../src/lib/schemas/suggestions';
import { loadDemoCatalogue } from '../../src/server/books/demo-catalogue';
import { placeOk, type TestGrid } from '../helpers/bingo';
import { addWantToRead, createFinishedBook, type TestBook } from '../helpers/factories';
import { call, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/test-app';

// Issue 11: books that fit each square, checked against the seeded grid's rules.
let t: TestApp;
let grid: TestGrid;

/** Squares of the seeded grid by what they ask. */
const SQUARE = {
  birthYear: 0,
  poetry: 1,
  classic: 3,
  fiftyYears: 5,
  friendsFavourite: 9,
  spanish: 10,
  under100: 12,
  sevenWords: 13,
  cookbook: 14,
  sharesName: 15,
} as const;

beforeAll(async () => {
  t = await createTestApp();
  await loadDemoCatalogue(t.app.deps.database);
  const admin = await createUser(t.app, { role: 'admin' });
  const created = await call(t.app, 'POST', '/api/admin/grids', {
    cookie: admin.cookie,
    body: {
      title: 'May Reading Challenge',
      challenges: [...DEFAULT_CHALLENGES],
      rules: [...DEFAULT_CHALLENGE_RULES],
    },
  });
  expect(created.statusCode).toBe(201);
  const { grid: made } = created.json<{ grid: { id: string } }>();
  const card = await call(t.app, 'GET', `/api/bingo/grids/${made.id}`, { cookie: admin.cookie });
  grid = { id: made.id, cells: card.json<BingoCardResponse>().cells.map((c) => c.id) };
});
afterAll(() => t.close());

async function demoBook(title: string): Promise<TestBook> {
  const row = await t.app.deps.database.db
    .selectFrom('books')
    .select(['isbn', 'title', 'authors', 'coverUrl'])
    .where('title', '=', title)
    .where('source', '=', 'demo')
    .executeTakeFirstOrThrow();
  return row;
}

async function newReader(facts: { birthYear?: number; firstName?: string } = {}) {
  const reader = await createUser(t.app);
  await t.app.deps.database.db
    .updateTable('users')
    .set({ birthYear: facts.birthYear ?? null, firstName: facts.firstName ?? null })
    .where('id', '=', reader.id)
    .execute();
  return reader;
}

async function suggestions(reader: TestUser, cellId?: string) {
  const query = cellId ? `?cellId=${cellId}` : '';
  const response = await call(t.app, 'GET', `/api/bingo/grids/${grid.id}/suggestions${query}`, {
    cookie: reader.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json<SuggestionsResponse>().squares;
}

async function fit(reader: TestUser, position: number, isbn: string) {
  const response = await call(
    t.app,
    'GET',
    `/api/bingo/cells/${grid.cells[position]}/fit?isbn=${isbn}`,
    { cookie: reader.cookie },
  );
  expect(response.statusCode).toBe(200);
  return response.json<FitResponse>();
}

async function card(reader: TestUser) {
  const response = await call(t.app, 'GET', `/api/bingo/grids/${grid.id}`, {
    cookie: reader.cookie,
  });
  return response.json<BingoCardResponse>();
}

describe('books that fit a square', () => {
  let reader: TestUser;
  beforeEach(async () => {
    reader = await newReader({ birthYear: 1976, firstName: 'Anne' });
  });

  it('offers want-to-read first, then finished books, then the catalogue, each with its reason', async () => {
    const metamorphosis = await demoBook('The Metamorphosis');
    const nightSky = await demoBook('Night Sky with Exit Wounds');
    await addWantToRead(t.app, reader.id, { book: metamorphosis });
    await createFinishedBook(t.app, reader.id, { book: nightSky });

    const [square] = await suggestions(reader, grid.cells[SQUARE.under100]);
    expect(square!.points).toBe(10);
    expect(square!.suggestions.slice(0, 2)).toEqual([
      expect.objectContaining({
        isbn: metamorphosis.isbn,
        source: 'wantToRead',
        reason: '64 pages: under 100',
        usesWildcard: false,
      }),
      expect.objectContaining({
        isbn: nightSky.isbn,
        source: 'finished',
        reason: '89 pages: under 100',
      }),
    ]);
    // The search sheet asks by the square alone.
    const byCell = await call(
      t.app,
      'GET',
      `/api/bingo/cells/${grid.cells[SQUARE.under100]}/suggestions`,
      {
        cookie: reader.cookie,
      },
    );
    expect(byCell.json<SuggestionsResponse>().squares).toEqual([square]);
    const rest = square!.suggestions.slice(2);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((s) => s.source === 'catalogue' && / pages: under 100$/.test(s.reason))).toBe(
      true,
    );
  });

  it('reads the reader’s own birth year and first name', async () => {
    const squares = await suggestions(reader);
    const birthYear = squares[SQUARE.birthYear]!.suggestions;
    expect(birthYear.length).toBeGreaterThan(0);
    expect(birthYear[0]!.reason).toBe('first published 1976: your birth year, 1976');
    const sharesName = squares[SQUARE.sharesName]!.suggestions;
    expect(sharesName.map((s) => s.title)).toContain('Interview with the Vampire');
    expect(sharesName[0]!.reason).toMatch(/^by Anne .*: an author named Anne$/);
  });

  it('offers nothing for a free-text square, and nothing it cannot check', async () => {
    const stranger = await newReader();
    const squares = await suggestions(stranger);
    expect(squares[SQUARE.friendsFavourite]).toMatchObject({ checkable: false, suggestions: [] });
    expect(squares[SQUARE.birthYear]!.suggestions).toEqual([]);
    expect(squares[SQUARE.sharesName]!.suggestions).toEqual([]);
  });

  it('hints at the fact a square needs when the reader has not set it (issue 12)', async () => {
    const stranger = await newReader();
    const squares = await suggestions(stranger);
    expect(squares[SQUARE.birthYear]!.hint).toBe(messages.fit.needBirthYear);
    expect(squares[SQUARE.sharesName]!.hint).toBe(messages.fit.needFirstName);
    expect(squares[SQUARE.under100]!.hint).toBeNull();
    expect(squares[SQUARE.friendsFavourite]!.hint).toBeNull();
    // One square asked by its own id says the same; with the facts set, no hint is left.
    const one = await suggestions(stranger, grid.cells[SQUARE.birthYear]);
    expect(one[0]!.hint).toBe(messages.fit.needBirthYear);
    const known = await suggestions(reader);
    expect(known[SQUARE.birthYear]!.hint).toBeNull();
    expect(known[SQUARE.sharesName]!.hint).toBeNull();
    // A blank first name is no first name.
    const blank = await newReader({ birthYear: 1976, firstName: '   ' });
    const blankSquares = await suggestions(blank);
    expect(blankSquares[SQUARE.sharesName]!.hint).toBe(messages.fit.needFirstName);
    expect(blankSquares[SQUARE.birthYear]!.hint).toBeNull();
  });

  it('ranks squares by the points placing a book there unlocks now', async () => {
    // Row 0 has three books: its last square completes a line (10 + 50).
    const books = await Promise.all(
      ['Pride and Prejudice', 'Emma', 'Persuasion'].map((title) => demoBook(title)),
    );
    for (const [i, book] of books.entries()) {
      await placeOk(t.app, reader.cookie, grid.cells[i]!, book.isbn);
    }
    const squares = await suggestions(reader);
    expect(squares[3]!.points).toBe(60);
    expect(squares[7]!.points).toBe(10);
    expect(squares[0]!.points).toBe(0);

    // A finished book fitting the line's last square is offered before one for a lone square.
    const dracula = await demoBook('Dracula'); // a classic, for square 3
    const cookbook = await demoBook('Plenty More'); // a cookbook, for square 14
    await createFinishedBook(t.app, reader.id, { book: cookbook });
    await createFinishedBook(t.app, reader.id, { book: dracula });
    const fitting = await call(t.app, 'GET', '/api/bingo/fitting-books', {
      cookie: reader.cookie,
    });
    const body = fitting.json<FittingBooksResponse>();
    expect(body.books.map((b) => [b.position, b.title, b.points])).toEqual([
      [SQUARE.classic, 'Dracula', 60],
      [SQUARE.cookbook, 'Plenty More', 10],
    ]);
  });

  it('offers a book on another square as the wildcard, and never a third time', async () => {
    const carol = await demoBook('A Christmas Carol'); // a classic under 100 pages
    await addWantToRead(t.app, reader.id, { book: carol });
    await placeOk(t.app, reader.cookie, grid.cells[SQUARE.classic]!, carol.isbn);
    const [under100] = await suggestions(reader, grid.cells[SQUARE.under100]);
    expect(under100!.suggestions[0]).toMatchObject({ isbn: carol.isbn, usesWildcard: true });
    await placeOk(t.app, reader.cookie, grid.cells[SQUARE.under100]!, carol.isbn);
    const squares = await suggestions(reader);
    for (const square of squares) {
      expect(square.suggestions.map((s) => s.isbn)).not.toContain(carol.isbn);
    }
  });
});

describe('honest, not strict', () => {
  it('warns before a book that fails the rule, places it anyway and records the miss', async () => {
    const reader = await newReader();
    const interview = await demoBook('Interview with the Vampire');
    expect(await fit(reader, SQUARE.under100, interview.isbn)).toEqual({
      status: 'fails',
      reason: messages.fit.warning.pages(342, 'under', 100),
    });
    await placeOk(t.app, reader.cookie, grid.cells[SQUARE.under100]!, interview.isbn);

    const solitude = await demoBook('One Hundred Years of Solitude');
    expect(await fit(reader, SQUARE.spanish, solitude.isbn)).toEqual({
      status: 'meets',
      reason: 'translated from Spanish: translated from Spanish',
    });
    await placeOk(t.app, reader.cookie, grid.cells[SQUARE.spanish]!, solitude.isbn);

    const cells = (await card(reader)).cells;
    expect(cells[SQUARE.under100]!.placement).toMatchObject({ ruleMet: false });
    expect(cells[SQUARE.spanish]!.placement).toMatchObject({ ruleMet: true });
  });

  it('says unknown when the book lacks the fact, and none for free text', async () => {
    const reader = await newReader();
    const raven = await demoBook('The Raven and Other Favorite Poems'); // first year unknown
    expect((await fit(reader, SQUARE.fiftyYears, raven.isbn)).status).toBe('unknown');
    expect(await fit(reader, SQUARE.friendsFavourite, raven.isbn)).toEqual({
      status: 'none',
      reason: null,
    });
    await placeOk(t.app, reader.cookie, grid.cells[SQUARE.fiftyYears]!, raven.isbn);
    expect((await card(reader)).cells[SQUARE.fiftyYears]!.placement).toMatchObject({
      ruleMet: null,
    });
  });
});

describe('finished books find their squares', () => {
  it('says how many fit, places nothing by itself, and places them all in one step', async () => {
    const reader = await newReader();
    for (const title of ['Milk and Honey', 'Joy of Cooking', 'The Hobbit', 'Pride and Prejudice']) {
      await createFinishedBook(t.app, reader.id, { book: await demoBook(title) });
    }
    const fitting = await call(t.app, 'GET', '/api/bingo/fitting-books', {
      cookie: reader.cookie,
    });
    const body = fitting.json<FittingBooksResponse>();
    expect(body.books).toHaveLength(4);
    expect(body.message).toBe(messages.fit.booksFit(4));
    expect(body.message).toBe('4 of your books fit squares on your card');
    expect((await card(reader)).cells.every((c) => c.placement === null)).toBe(true);

    const placed = await call(t.app, 'POST', '/api/bingo/fitting-books', {
      cookie: reader.cookie,
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json<PlaceFittingBooksResponse>()).toEqual({
      placed: 4,
      totalPoints: 40,
      message: 'Placed 4 books.',
    });
    const after = (await card(reader)).cells.filter((c) => c.placement !== null);
    expect(after).toHaveLength(4);
    expect(after.every((c) => c.placement!.ruleMet === true)).toBe(true);
    const again = await call(t.app, 'GET', '/api/bingo/fitting-books', { cookie: reader.cookie });
    expect(again.json<FittingBooksResponse>()).toEqual({ books: [], message: null });
  });
});

describe('the seeded grid from the demo catalogue', () => {
  it('fills 12 of its 16 challenges with suggestions alone', async () => {
    // A reader with no books of their own, who gave a birth year and a first name.
    const reader = await newReader({ birthYear: 1990, firstName: 'Jane' });
    const squares = await suggestions(reader);
    const filled = squares.filter((square) => square.suggestions.length > 0);
    expect(filled.map((s) => s.position)).toEqual([0, 1, 3, 4, 5, 6, 8, 10, 12, 13, 14, 15]);
  });
});
