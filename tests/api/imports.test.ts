import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCsv } from '../../src/lib/csv';
import { messages } from '../../src/lib/messages';
import type { ImportResponse } from '../../src/lib/schemas/imports';
import type { FinishedBooksResponse, WantToReadResponse } from '../../src/lib/schemas/library';
import { GOODREADS_COLUMNS } from '../../src/server/modules/imports/goodreads';
import { addBooks, isbn13 } from '../helpers/books';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const GOODREADS = fixture('goodreads_library_export.csv');
const STORYGRAPH = fixture('storygraph_export.csv');
const MALFORMED = fixture('goodreads_malformed.csv');

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // A few real books (The Hobbit, Pride and Prejudice, Jane Eyre, The Little Prince...).
  await addBooks(t.app);
});
afterAll(() => t.close());

const importCsv = (cookie: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/imports', { cookie, body });

async function listsOf(user: TestUser) {
  const finished = await call(t.app, 'GET', '/api/finished-books', { cookie: user.cookie });
  const wantToRead = await call(t.app, 'GET', '/api/want-to-read', { cookie: user.cookie });
  return {
    finished: finished.json<FinishedBooksResponse>().books,
    wantToRead: wantToRead.json<WantToReadResponse>().books,
  };
}

async function bookCount() {
  const row = await t.app.deps.database.db
    .selectFrom('books')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('a Goodreads export', () => {
  let reader: TestUser;
  let first: ImportResponse;

  beforeAll(async () => {
    reader = await createUser(t.app);
    const response = await importCsv(reader.cookie, { csv: GOODREADS });
    expect(response.statusCode, response.body).toBe(200);
    first = response.json<ImportResponse>();
  });

  it('imports read books as finished and to-read books as want-to-read', () => {
    expect(first).toEqual({
      format: 'goodreads',
      // The Hobbit, Dune, The Hunger Games, Pride and Prejudice (by title), Good Omens.
      imported: { finished: 5, wantToRead: 1, booksAdded: 4 },
      unchanged: 0,
      skipped: [
        { row: 7, message: messages.imports.shelfSkipped('currently-reading') },
        { row: 8, message: messages.imports.notInCatalogue },
      ],
      errors: [],
      message: messages.imports.done(5, 1),
    });
  });

  it('keeps ratings (0 being unrated), finished dates, and sanitised reviews', async () => {
    const { finished, wantToRead } = await listsOf(reader);
    const byIsbn = new Map(finished.map((b) => [b.isbn, b]));
    expect(byIsbn.get('9780261103344')).toMatchObject({
      title: 'The Hobbit',
      rating: 5,
      ratedAt: '2023-05-14T00:00:00.000Z',
      finishedAt: '2023-05-14T00:00:00.000Z',
      review: 'A cosy <b>adventure</b>, with "second breakfast".',
    });
    // My Rating 0 and no Date Read: unrated, finished on the day it was added.
    expect(byIsbn.get('9780439023481')).toMatchObject({
      rating: null,
      ratedAt: null,
      finishedAt: '2021-07-20T00:00:00.000Z',
    });
    // No ISBN in the file: found in the catalogue by title and author.
    expect(byIsbn.get('9780141439518')).toMatchObject({ title: 'Pride and Prejudice', rating: 3 });
    expect(wantToRead.map((b) => [b.isbn, b.addedAt])).toEqual([
      ['9780756404741', '2024-03-03T00:00:00.000Z'],
    ]);
  });

  it("adds unknown books to the catalogue from the file's own fields", async () => {
    const dune = await t.app.deps.database.db
      .selectFrom('books')
      .selectAll()
      .where('isbn', '=', '9780441172719')
      .executeTakeFirstOrThrow();
    expect(dune).toMatchObject({
      isbn10: '0441172717',
      title: 'Dune (Dune, #1)',
      authors: 'Frank Herbert',
      publisher: 'Ace Books',
      publishedDate: '1990',
      pageCount: 688,
      source: 'import',
    });
    expect(Number(dune.averageRating)).toBeCloseTo(4.27);
    const page = await call(t.app, 'GET', '/api/books/9780060853983', { cookie: reader.cookie });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ book: { authors: string } }>().book.authors).toBe(
      'Terry Pratchett, Neil Gaiman',
    );
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = { lists: await listsOf(reader), books: await bookCount() };
    const again = await importCsv(reader.cookie, { csv: GOODREADS });
    expect(again.statusCode).toBe(200);
    expect(again.json<ImportResponse>()).toMatchObject({
      imported: { finished: 0, wantToRead: 0, booksAdded: 0 },
      unchanged: 6,
      skipped: first.skipped,
    });
    expect(await listsOf(reader)).toEqual(before.lists);
    expect(await bookCount()).toBe(before.books);
  });
});

describe('a StoryGraph export', () => {
  it('is detected by its headers and imported, matching a non-ISBN id by title', async () => {
    const reader = await createUser(t.app);
    const response = await importCsv(reader.cookie, { csv: STORYGRAPH });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportResponse>()).toEqual({
      format: 'storygraph',
      // Jane Eyre, The Little Prince (its UID is no ISBN: matched by title), Circe.
      imported: { finished: 3, wantToRead: 1, booksAdded: 2 },
      unchanged: 0,
      skipped: [
        { row: 5, message: messages.imports.shelfSkipped('did-not-finish') },
        { row: 6, message: messages.imports.notInCatalogue },
        { row: 8, message: messages.imports.shelfSkipped('currently-reading') },
      ],
      errors: [],
      message: messages.imports.done(3, 1),
    });
    const { finished, wantToRead } = await listsOf(reader);
    const rating = (isbn: string) => finished.find((b) => b.isbn === isbn)?.rating;
    expect(rating('9780141441146')).toBe(5); // 4.5 stars
    expect(rating('9780156012195')).toBe(4); // 3.75 stars
    expect(rating('9780316556347')).toBeNull(); // no stars
    expect(wantToRead.map((b) => b.isbn)).toEqual(['9780593318171']);

    const again = await importCsv(reader.cookie, { csv: STORYGRAPH, format: 'storygraph' });
    expect(again.json<ImportResponse>().imported).toEqual({
      finished: 0,
      wantToRead: 0,
      booksAdded: 0,
    });
  });
});

describe('a malformed file', () => {
  it('imports nothing and lists every faulty row by number', async () => {
    const reader = await createUser(t.app);
    const books = await bookCount();
    const response = await importCsv(reader.cookie, { csv: MALFORMED });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'IMPORT_INVALID', message: messages.imports.invalid },
      rows: [
        { row: 2, message: messages.imports.ratingInvalid('7') },
        { row: 3, message: messages.imports.dateInvalid('Date Read', '14/05/2023') },
        { row: 4, message: messages.imports.titleMissing },
      ],
    });
    // Row 5 was fine, and still nothing of it was stored.
    expect(await listsOf(reader)).toEqual({ finished: [], wantToRead: [] });
    expect(await bookCount()).toBe(books);
  });

  it('refuses a file whose headers are not an export, or not the format named', async () => {
    const reader = await createUser(t.app);
    const unknown = await importCsv(reader.cookie, { csv: 'Name,Stars\nDune,5\n' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: { code: 'IMPORT_INVALID' },
      rows: [{ row: 1, message: messages.imports.unknownFormat }],
    });
    const wrongFormat = await importCsv(reader.cookie, { csv: GOODREADS, format: 'storygraph' });
    expect(wrongFormat.statusCode).toBe(400);
    expect(wrongFormat.json<{ rows: { row: number }[] }>().rows[0]?.row).toBe(1);
  });

  it('refuses a body that is not an import', async () => {
    const reader = await createUser(t.app);
    const response = await importCsv(reader.cookie, { format: 'librarything', csv: GOODREADS });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
  });
});

describe('size', () => {
  const row = (n: number) =>
    GOODREADS_COLUMNS.map(
      (column) =>
        ({
          'Book Id': String(n),
          Title: `Imported Volume ${n}, with a longer title to take some room`,
          Author: 'Prolific Hedgehog',
          ISBN13: `="${isbn13(`979${String(800_000_000 + n)}`)}"`,
          'My Rating': String((n % 5) + 1),
          'Exclusive Shelf': n % 4 === 0 ? 'to-read' : 'read',
          'Date Read': '2024/01/15',
          'Date Added': '2023/12/01',
        })[column as string] ?? '',
    );

  it('accepts a file far above the 64 KB JSON limit, in one transaction', async () => {
    const reader = await createUser(t.app);
    const csv = formatCsv([GOODREADS_COLUMNS, ...Array.from({ length: 1500 }, (_, i) => row(i))]);
    expect(csv.length).toBeGreaterThan(200 * 1024);
    const response = await importCsv(reader.cookie, { csv });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json<ImportResponse>().imported).toEqual({
      finished: 1125,
      wantToRead: 375,
      booksAdded: 1500,
    });
  });

  it('refuses a body above 5 MB', async () => {
    const reader = await createUser(t.app);
    const response = await importCsv(reader.cookie, { csv: 'x'.repeat(5 * 1024 * 1024 + 1) });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'BODY_TOO_LARGE',
      message: messages.generic.bodyTooLarge,
    });
  });
});

describe('access', () => {
  it('is for signed-in readers only', async () => {
    const signedOut = await call(t.app, 'POST', '/api/imports', { body: { csv: GOODREADS } });
    expect(signedOut.statusCode).toBe(401);
    const guest = await createGuest(t.app);
    const asGuest = await importCsv(guest, { csv: GOODREADS });
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest).message).toBe(messages.book.pleaseLogInToAdd);
  });
});
