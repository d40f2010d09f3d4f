import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCsv } from '../../src/lib/csv';
import { IMPORT_ROWS_PER_DAY } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type { BookSearchResponse } from '../../src/lib/schemas/books';
import type { ImportResponse } from '../../src/lib/schemas/imports';
import type { FinishedBooksResponse, WantToReadResponse } from '../../src/lib/schemas/library';
import type { OnboardingSearchResponse } from '../../src/lib/schemas/recommendations';
import { GOODREADS_COLUMNS } from '../../src/server/modules/imports/goodreads';
import { isbn13 } from '../helpers/books';
import { FakeProviders, googleVolume, googleVolumes } from '../helpers/fake-providers';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 8: the shared catalogue stays trustworthy. A book only a reader's file vouches for is
 * plain text, found only by readers who list it until a provider or an admin confirms it, and
 * imports have a per-reader quota; an import refused at its end leaves nothing behind.
 */
const fake = new FakeProviders();
const realFetch = globalThis.fetch;
let outbound: string[] = [];

let serial = 0;
/** A fresh ISBN-13 no catalogue or provider knows. */
function freshIsbn(): string {
  serial += 1;
  return isbn13(`979${String(700_000_000 + serial * 7 + (Date.now() % 1000)).slice(0, 9)}`);
}

interface Row {
  title: string;
  author: string;
  isbn: string;
  shelf?: 'read' | 'to-read';
  publisher?: string;
}

function goodreadsCsv(rows: readonly Row[]): string {
  return formatCsv([
    GOODREADS_COLUMNS,
    ...rows.map((row, n) =>
      GOODREADS_COLUMNS.map(
        (column) =>
          ({
            'Book Id': String(9000 + n),
            Title: row.title,
            Author: row.author,
            ISBN13: `="${row.isbn}"`,
            'My Rating': '4',
            Publisher: row.publisher ?? '',
            'Exclusive Shelf': row.shelf ?? 'read',
            'Date Read': '2024/02/10',
            'Date Added': '2024/01/02',
          })[column as string] ?? '',
      ),
    ),
  ]);
}

const importRows = (app: TestApp, user: TestUser, rows: readonly Row[]) =>
  call(app.app, 'POST', '/api/imports', { cookie: user.cookie, body: { csv: goodreadsCsv(rows) } });

async function searchIsbns(app: TestApp, user: TestUser, q: string): Promise<string[]> {
  const response = await call(app.app, 'GET', `/api/books/search?q=${encodeURIComponent(q)}`, {
    cookie: user.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BookSearchResponse>().books.map((book) => book.isbn ?? '');
}

async function onboardingIsbns(app: TestApp, user: TestUser, q: string): Promise<string[]> {
  const response = await call(
    app.app,
    'GET',
    `/api/recommendations/onboarding-search?q=${encodeURIComponent(q)}`,
    { cookie: user.cookie },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OnboardingSearchResponse>().books.map((book) => book.isbn);
}

function storedBook(app: TestApp, isbn: string) {
  return app.app.deps.database.db
    .selectFrom('books')
    .select(['isbn', 'title', 'authors', 'publisher', 'source', 'confirmed'])
    .where('isbn', '=', isbn)
    .executeTakeFirst();
}

async function shelvesOf(app: TestApp, user: TestUser) {
  const finished = await call(app.app, 'GET', '/api/finished-books', { cookie: user.cookie });
  const wantToRead = await call(app.app, 'GET', '/api/want-to-read', { cookie: user.cookie });
  return {
    finished: finished.json<FinishedBooksResponse>().books,
    wantToRead: wantToRead.json<WantToReadResponse>().books,
  };
}

let t: TestApp;
let importer: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  await fake.start();
  t = await createTestApp(fake.env());
  [importer, other, admin] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app, { role: 'admin' }),
  ]);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

beforeEach(() => {
  fake.reset();
  outbound = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host !== fake.host) {
      outbound.push(url.href);
      return Promise.reject(new Error(`unexpected outbound request to ${url.href}`));
    }
    return realFetch(input, init);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(outbound).toEqual([]);
  expect(fake.unexpected).toEqual([]);
});

describe("a book only a reader's file vouches for", () => {
  it('is stored as plain text: tags removed from title, author and publisher', async () => {
    const isbn = freshIsbn();
    const response = await importRows(t, importer, [
      {
        title: '<b>Quillwort</b> <script>alert(1)</script>Meadows',
        author: '<img src=x onerror=alert(1)>Ada <i>Bramble</i>',
        publisher: '<a href="https://spam.example">Spam &amp; Eggs</a>',
        isbn,
      },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedBook(t, isbn)).toMatchObject({
      title: 'Quillwort Meadows',
      authors: 'Ada Bramble',
      publisher: 'Spam & Eggs',
      source: 'import',
    });
    const { finished } = await shelvesOf(t, importer);
    expect(finished.find((book) => book.isbn === isbn)).toMatchObject({
      title: 'Quillwort Meadows',
      author: 'Ada Bramble',
    });
  });

  it("is found only by readers who list it, until it is confirmed; the importer's shelves keep it", async () => {
    const [read, toRead] = [freshIsbn(), freshIsbn()];
    const response = await importRows(t, importer, [
      { title: 'Thistledown Almanac', author: 'Wren Hollow', isbn: read },
      { title: 'Thistledown Sequel', author: 'Wren Hollow', isbn: toRead, shelf: 'to-read' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportResponse>().imported.booksAdded).toBe(2);
    expect(await storedBook(t, read)).toMatchObject({ confirmed: 0 });

    // Another reader: neither the search modal nor the onboarding search shows them.
    expect(await searchIsbns(t, other, 'Thistledown')).not.toContain(read);
    expect(await searchIsbns(t, other, 'Thistledown')).not.toContain(toRead);
    expect(await searchIsbns(t, other, read)).toEqual([]);
    expect(await onboardingIsbns(t, other, 'Thistledown')).toEqual([]);

    // The importer finds their own, and has them on their shelves.
    expect(await searchIsbns(t, importer, 'Thistledown')).toEqual(
      expect.arrayContaining([read, toRead]),
    );
    const shelves = await shelvesOf(t, importer);
    expect(shelves.finished.map((book) => book.isbn)).toContain(read);
    expect(shelves.wantToRead.map((book) => book.isbn)).toContain(toRead);
  });

  it('is confirmed by an admin, after which every reader finds it', async () => {
    const isbn = freshIsbn();
    await importRows(t, importer, [{ title: 'Gorse Lantern', author: 'Moss Fairweather', isbn }]);
    expect(await searchIsbns(t, other, 'Gorse Lantern')).not.toContain(isbn);

    const url = `/api/admin/books/${isbn}/confirm`;
    const asReader = await call(t.app, 'POST', url, { cookie: importer.cookie });
    expect(asReader.statusCode).toBe(403);
    expect(await storedBook(t, isbn)).toMatchObject({ confirmed: 0 });

    const confirmed = await call(t.app, 'POST', url, { cookie: admin.cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: messages.admin.bookConfirmed });
    expect(await storedBook(t, isbn)).toMatchObject({ confirmed: 1 });
    expect(await searchIsbns(t, other, 'Gorse Lantern')).toContain(isbn);

    const unknown = await call(t.app, 'POST', `/api/admin/books/${freshIsbn()}/confirm`, {
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(messages.book.notFound);
  });

  it("is confirmed when a provider returns the same ISBN, with the provider's facts", async () => {
    const isbn = freshIsbn();
    await importRows(t, importer, [{ title: 'Bracken Hours (my copy)', author: 'someone', isbn }]);
    fake.google = () =>
      googleVolumes([
        googleVolume('bracken', {
          title: 'Bracken Hours',
          authors: ['Ivy Stonechat'],
          industryIdentifiers: [{ type: 'ISBN_13', identifier: isbn }],
        }),
      ]);
    // Another reader's search reaches the provider, which knows the book.
    expect(await searchIsbns(t, other, 'Bracken Hours Stonechat')).toContain(isbn);
    expect(await storedBook(t, isbn)).toMatchObject({
      title: 'Bracken Hours',
      authors: 'Ivy Stonechat',
      source: 'google',
      confirmed: 1,
    });
    fake.reset();
    expect(await searchIsbns(t, other, 'Bracken Hours')).toContain(isbn);
  });
});

describe("an unconfirmed book's page", () => {
  it('asks the providers by ISBN, and a provider that knows it confirms it', async () => {
    const isbn = freshIsbn();
    await importRows(t, importer, [{ title: 'Sloe Weather', author: 'anon', isbn }]);
    const page = (cookie: string) =>
      call(t.app, 'GET', `/api/books/${isbn}`, { cookie }).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.json<{ book: { title: string; authors: string } }>().book;
      });
    // No provider knows it: the catalogue's own copy answers.
    expect(await page(importer.cookie)).toMatchObject({ title: 'Sloe Weather' });
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(await storedBook(t, isbn)).toMatchObject({ confirmed: 0 });

    fake.google = (query) =>
      query.get('q') === `isbn:${isbn}`
        ? googleVolumes([
            googleVolume('sloe', {
              title: 'Sloe Weather: Poems',
              authors: ['Hazel Copse'],
              industryIdentifiers: [{ type: 'ISBN_13', identifier: isbn }],
            }),
          ])
        : googleVolumes([]);
    expect(await page(other.cookie)).toMatchObject({
      title: 'Sloe Weather: Poems',
      authors: 'Hazel Copse',
    });
    expect(await storedBook(t, isbn)).toMatchObject({ confirmed: 1, source: 'google' });
    expect(await searchIsbns(t, other, 'Sloe Weather')).toContain(isbn);
  });
});

describe('the per-reader import quota', () => {
  let q: TestApp;

  beforeAll(async () => {
    q = await createTestApp({}, { config: { importLimits: { rowsPerDay: 5, importsPerHour: 6 } } });
  });
  afterAll(() => q.close());

  it("refuses an import past the day's books with a clear message, importing nothing of it", async () => {
    const reader = await createUser(q.app);
    const firstRows = [freshIsbn(), freshIsbn(), freshIsbn()].map((isbn, n) => ({
      title: `Quota Book ${n}`,
      author: 'Hedge Counter',
      isbn,
    }));
    const first = await importRows(q, reader, firstRows);
    expect(first.statusCode, first.body).toBe(200);
    const before = await shelvesOf(q, reader);

    const secondRows = [freshIsbn(), freshIsbn(), freshIsbn()].map((isbn, n) => ({
      title: `Quota Overflow ${n}`,
      author: 'Hedge Counter',
      isbn,
    }));
    const second = await importRows(q, reader, secondRows);
    expect(second.statusCode).toBe(429);
    expect(errorOf(second)).toEqual({
      code: 'IMPORT_QUOTA',
      message: messages.imports.quotaLeft(5, 2),
    });
    // All or nothing: no list entry, no catalogue book, nothing left on the way.
    expect(await shelvesOf(q, reader)).toEqual(before);
    for (const row of secondRows) expect(await storedBook(q, row.isbn)).toBeUndefined();
    const pending = await q.app.deps.database.db
      .selectFrom('importEntries')
      .select('importId')
      .execute();
    expect(pending).toEqual([]);

    // Re-importing what is already there adds nothing, so it is not refused.
    const again = await importRows(q, reader, firstRows);
    expect(again.statusCode, again.body).toBe(200);

    const rest = await importRows(q, reader, secondRows.slice(0, 2));
    expect(rest.statusCode, rest.body).toBe(200);
    const full = await importRows(q, reader, secondRows.slice(2));
    expect(full.statusCode).toBe(429);
    expect(errorOf(full).message).toBe(messages.imports.quotaReached(5));
  });

  it('counts each reader on their own, and limits imports an hour', async () => {
    const reader = await createUser(q.app);
    // The same file again and again: it adds one book once, so only the hourly limit bites.
    const rows = [{ title: 'Hourly Hedgehog', author: 'Clock Work', isbn: freshIsbn() }];
    for (let n = 0; n < 6; n += 1) {
      const response = await importRows(q, reader, rows);
      expect(response.statusCode, response.body).toBe(200);
    }
    const seventh = await importRows(q, reader, rows);
    expect(seventh.statusCode).toBe(429);
    expect(errorOf(seventh).message).toBe(messages.imports.tooManyImports(6));
  });

  it('allows a whole file a day by default', () => {
    expect(IMPORT_ROWS_PER_DAY).toBeGreaterThanOrEqual(10_000);
  });
});
