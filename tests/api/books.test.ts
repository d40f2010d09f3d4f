import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { BookResponse, BookSearchResponse } from '../../src/lib/schemas/books';
import {
  DEMO_CATALOGUE_FILE,
  loadCatalogueEntries,
  loadDemoCatalogue,
} from '../../src/server/books/demo-catalogue';
import { seedDemoData } from '../../src/server/seed/seed';
import { READING_RATE_LIMITS } from '../../src/server/http/rate-limit-rules';
import { addBooks, HOBBIT, HOBBIT_ISBN10, isbn13, syntheticIsbn } from '../helpers/books';
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
let reader: TestUser;

const TRICKY_ISBN = syntheticIsbn(900);

beforeAll(async () => {
  t = await createTestApp();
  await addBooks(t.app);
  await addBooks(t.app, [
    {
      isbn13: TRICKY_ISBN,
      title: '<script>alert("x")</script> & Friends',
      authors: ["O'Brien & <b>Co</b>"],
      categories: [],
    },
  ]);
  reader = await createUser(t.app);
});
afterAll(() => t.close());

async function search(query: string, cookie = reader.cookie) {
  const response = await call(t.app, 'GET', `/api/books/search?${query}`, { cookie });
  return response;
}

async function titlesFor(q: string) {
  const response = await search(`q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return response.json<BookSearchResponse>().books.map((b) => b.title);
}

describe('searching the local catalogue', () => {
  it('finds The Hobbit from the start of a word', async () => {
    expect(await titlesFor('hobb')).toEqual(['The Hobbit']);
  });

  it('answers with summaries that always carry a cover', async () => {
    const { books } = (await search('q=hobbit')).json<BookSearchResponse>();
    expect(books).toEqual([
      {
        isbn: HOBBIT.isbn13,
        title: 'The Hobbit',
        authors: 'J.R.R. Tolkien',
        genre: 'Fantasy',
        publishedDate: '1937',
        coverUrl: `/api/books/${HOBBIT.isbn13}/cover.svg`,
      },
    ]);
  });

  it('finds books by author, every word required', async () => {
    expect((await titlesFor('tolk')).sort()).toEqual(['The Fellowship of the Ring', 'The Hobbit']);
    expect(await titlesFor('tolkien fellow')).toEqual(['The Fellowship of the Ring']);
    expect(await titlesFor('harry stone')).toEqual(["Harry Potter and the Philosopher's Stone"]);
  });

  it('finds a book by ISBN-13, ISBN-10 and a hyphenated ISBN', async () => {
    expect(await titlesFor(HOBBIT.isbn13)).toEqual(['The Hobbit']);
    expect(await titlesFor(HOBBIT_ISBN10)).toEqual(['The Hobbit']);
    expect(await titlesFor('978-0-261-10334-4')).toEqual(['The Hobbit']);
    expect(await titlesFor('97802611')).toEqual(expect.arrayContaining(['The Hobbit']));
  });

  it('ignores case and accents', async () => {
    expect(await titlesFor('BRONTE')).toEqual(['Jane Eyre']);
    expect(await titlesFor('exupéry')).toEqual(['The Little Prince']);
  });

  it('treats full-text operators as plain words', async () => {
    for (const q of [
      '"hobbit" OR dune',
      'hobbit*',
      'NEAR(hobbit dune)',
      "'; drop table books; --",
      ':*&|!',
    ]) {
      const response = await search(`q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
    }
    expect(await titlesFor('hobbit)')).toEqual(['The Hobbit']);
  });

  it('finds a book from one or two letters, best first, and the rest in their order', async () => {
    const ho = (await search('q=ho&limit=40')).json<BookSearchResponse>().books;
    expect(ho.map((b) => b.title)).toContain('The Hobbit');
    expect((await search('q=h&limit=40')).json<BookSearchResponse>().books).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'The Hobbit' })]),
    );
    // Equal scores at the cut keep title order: the first three fillers are the first three.
    const fillers = (await search('q=filler')).json<BookSearchResponse>().books;
    const three = (await search('q=filler&limit=3')).json<BookSearchResponse>().books;
    expect(three).toEqual(fillers.slice(0, 3));
  });

  it('keeps an FTS5 prefix index for short prefixes on SQLite', async () => {
    const { db, kind } = t.app.deps.database;
    const { rows: applied } = await sql<{ name: string }>`
      select name from kysely_migration where name = '004-search-prefix'`.execute(db);
    expect(applied).toHaveLength(1);
    if (kind !== 'sqlite') return; // PostgreSQL's GIN index serves prefixes as it is.
    const { rows } = await sql<{ sql: string }>`
      select sql from sqlite_master where name = 'books_fts'`.execute(db);
    expect(rows[0]?.sql).toContain("prefix='2 3 4'");
  });

  it('answers no match with an empty list', async () => {
    expect(await titlesFor('zzyzx')).toEqual([]);
  });

  it('returns at most `limit` books', async () => {
    const { books } = (await search('q=filler&limit=3')).json<BookSearchResponse>();
    expect(books).toHaveLength(3);
    const all = (await search('q=filler')).json<BookSearchResponse>().books;
    expect(all).toHaveLength(16);
  });

  it('refuses an empty or over-long search term with clear texts', async () => {
    for (const query of ['q=', 'q=%20%20', '']) {
      const response = await search(query);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(messages.book.searchTermRequired);
    }
    const long = await search(`q=${'a'.repeat(201)}`);
    expect(errorOf(long).message).toBe(messages.book.searchTermTooLong);
    expect((await search('q=hobbit&limit=0')).statusCode).toBe(400);
    expect((await search('q=hobbit&limit=41')).statusCode).toBe(400);
  });

  it('lets guests search and refuses signed-out visitors', async () => {
    const guest = await createGuest(t.app);
    expect((await search('q=dune', guest)).statusCode).toBe(200);
    const anonymous = await call(t.app, 'GET', '/api/books/search?q=dune');
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).message).toBe(messages.access.loginRequired);
  });

  it('asks no remote provider when none is enabled', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    expect(await titlesFor('nothing here at all')).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('answers the search text once a reader searches too often', async () => {
    const searcher = await createUser(t.app);
    const { max } = READING_RATE_LIMITS.bookSearches;
    for (let i = 0; i < max; i += 1) {
      expect((await search('q=dune', searcher.cookie)).statusCode).toBe(200);
    }
    const limited = await search('q=dune', searcher.cookie);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toBe(messages.rateLimit.bookSearches);
    // Counted per reader: someone else still searches.
    expect((await search('q=dune')).statusCode).toBe(200);
  });
});

describe('a book', () => {
  it('answers every field of the book page', async () => {
    const response = await call(t.app, 'GET', `/api/books/${HOBBIT.isbn13}`, {
      cookie: reader.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<BookResponse>().book).toEqual({
      isbn: HOBBIT.isbn13,
      title: 'The Hobbit',
      authors: 'J.R.R. Tolkien',
      genre: 'Fantasy',
      publishedDate: '1937',
      description: 'In a hole in the ground there lived a hobbit.',
      publisher: 'HarperCollins',
      pageCount: 310,
      categories: ['Fantasy', 'Classics'],
      language: 'en',
      coverUrl: `/api/books/${HOBBIT.isbn13}/cover.svg`,
      averageRating: null,
      ratingsCount: null,
    });
  });

  it('finds the book by its ISBN-10 too', async () => {
    const response = await call(t.app, 'GET', `/api/books/${HOBBIT_ISBN10}`, {
      cookie: reader.cookie,
    });
    expect(response.json<BookResponse>().book.isbn).toBe(HOBBIT.isbn13);
  });

  it.each([['9780000000002'], ['not-an-isbn']])(
    'answers %s with the book-not-found text',
    async (isbn) => {
      const response = await call(t.app, 'GET', `/api/books/${isbn}`, { cookie: reader.cookie });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(messages.book.notFound);
    },
  );

  it('refuses signed-out visitors', async () => {
    const response = await call(t.app, 'GET', `/api/books/${HOBBIT.isbn13}`);
    expect(response.statusCode).toBe(401);
  });
});

describe('generated covers', () => {
  function cover(isbn: string, headers: Record<string, string> = {}) {
    return call(t.app, 'GET', `/api/books/${isbn}/cover.svg`, { headers });
  }

  it('draws the title and author as a cacheable SVG', async () => {
    const response = await cover(HOBBIT.isbn13);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(response.headers.etag).toBeTruthy();
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(response.body).toContain('>The Hobbit</text>');
    expect(response.body).toContain('>J.R.R. Tolkien</text>');
  });

  it('answers 304 when the browser already has it', async () => {
    const first = await cover(HOBBIT.isbn13);
    const again = await cover(HOBBIT.isbn13, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('derives a stable colour from the ISBN', async () => {
    const fill = (body: string) => /<rect width="200" height="300" fill="([^"]+)"/.exec(body)?.[1];
    const hobbit = fill((await cover(HOBBIT.isbn13)).body);
    expect(fill((await cover(HOBBIT_ISBN10)).body)).toBe(hobbit);
    const others = await Promise.all(
      [syntheticIsbn(1), syntheticIsbn(2), syntheticIsbn(3)].map(async (i) =>
        fill((await cover(i)).body),
      ),
    );
    expect(new Set([hobbit, ...others]).size).toBeGreaterThan(1);
  });

  it('escapes the text it draws', async () => {
    const { body } = await cover(TRICKY_ISBN);
    expect(body).not.toContain('<script');
    expect(body).not.toContain('<b>');
    expect(body).toContain('&#60;script&#62;');
    expect(body).toContain('O&#39;Brien &#38;');
  });

  it('needs no session, but answers an unknown book with 404', async () => {
    const response = await cover('9780000000002');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(messages.book.notFound);
  });
});

describe('the demo catalogue', () => {
  async function stored(isbn: string) {
    return t.app.deps.database.db
      .selectFrom('books')
      .selectAll()
      .where('isbn', '=', isbn)
      .executeTakeFirstOrThrow();
  }

  it('stores categories as JSON, the first as genre, and the source demo', async () => {
    const row = await stored(HOBBIT.isbn13);
    expect(row).toMatchObject({
      isbn10: HOBBIT_ISBN10,
      authors: 'J.R.R. Tolkien',
      genre: 'Fantasy',
      source: 'demo',
      publishedDate: '1937',
      pageCount: 310,
    });
    expect(JSON.parse(row.categories)).toEqual(['Fantasy', 'Classics']);
  });

  it('stores subjects, first publication year and original language (issue 11)', async () => {
    await loadDemoCatalogue(t.app.deps.database);
    const solitude = await stored('9780060883287');
    expect(solitude).toMatchObject({
      title: 'One Hundred Years of Solitude',
      firstPublishedYear: 1967,
      language: 'en',
      originalLanguage: 'es',
    });
    expect(JSON.parse(solitude.subjects)).toEqual(['Fiction', 'Classics', 'Magical Realism']);
    expect(solitude.facets).toContain('Spanish');
    // A collection assembled later keeps its first publication year unknown.
    const raven = await t.app.deps.database.db
      .selectFrom('books')
      .select('firstPublishedYear')
      .where('title', '=', 'The Raven and Other Favorite Poems')
      .executeTakeFirstOrThrow();
    expect(raven.firstPublishedYear).toBeNull();
  });

  it('fills the new facts into a catalogue loaded before they existed', async () => {
    const isbn = '9780060883287';
    await t.app.deps.database.db
      .updateTable('books')
      .set({ originalLanguage: null, firstPublishedYear: null })
      .where('isbn', '=', isbn)
      .execute();
    await loadDemoCatalogue(t.app.deps.database);
    expect(await stored(isbn)).toMatchObject({ firstPublishedYear: 1967, originalLanguage: 'es' });
  });

  it("falls back to 'General' and 'Unknown', and joins several authors", async () => {
    const isbn = syntheticIsbn(901);
    await loadCatalogueEntries(t.app.deps.database, [
      { isbn13: isbn, title: 'Anonymous Verses', authors: [], categories: [] },
    ]);
    expect(await stored(isbn)).toMatchObject({ genre: 'General', authors: 'Unknown' });
    expect((await stored('9780156012195')).authors).toBe(
      'Antoine de Saint-Exupéry, Richard Howard',
    );
  });

  it('is idempotent and skips entries that are not books', async () => {
    const again = await addBooks(t.app);
    expect(again).toEqual({ inserted: 0, invalid: 0 });
    const result = await loadCatalogueEntries(t.app.deps.database, [
      { isbn13: '9780261103345', title: 'Bad check digit', authors: [] },
      { isbn13: isbn13('978000000001'), title: '', authors: [] },
      'not an object',
    ]);
    expect(result).toEqual({ inserted: 0, invalid: 3 });
  });

  it('reads the JSON file, and loads nothing when there is none', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-'));
    const file = path.join(dir, 'demo-catalogue.json');
    const isbn = syntheticIsbn(902);
    writeFileSync(
      file,
      JSON.stringify([
        {
          isbn13: isbn,
          title: 'From A File',
          authors: ['A. Writer'],
          year: 2001,
          pages: 12,
          language: 'en',
          categories: ['Poetry'],
          publisher: 'P',
          description: 'D',
        },
      ]),
    );
    expect(await loadDemoCatalogue(t.app.deps.database, file)).toEqual({ inserted: 1, invalid: 0 });
    expect(await titlesFor('from a file')).toEqual(['From A File']);
    expect(await loadDemoCatalogue(t.app.deps.database, path.join(dir, 'missing.json'))).toEqual({
      inserted: 0,
      invalid: 0,
    });
  });
});

describe.skipIf(!existsSync(DEMO_CATALOGUE_FILE))('the bundled demo catalogue', () => {
  let seeded: TestApp;
  beforeAll(async () => {
    seeded = await createTestApp();
  });
  afterAll(() => seeded.close());

  it('is loaded by the seed, every entry a valid book, and a second seed adds nothing', async () => {
    const entries = JSON.parse(readFileSync(DEMO_CATALOGUE_FILE, 'utf8')) as { isbn13: string }[];
    const unique = new Set(entries.map((e) => e.isbn13)).size;
    await seedDemoData(seeded.app.deps.database, seeded.app.deps.auth);
    const count = async () =>
      Number(
        (
          await seeded.app.deps.database.db
            .selectFrom('books')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('source', '=', 'demo')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(unique);
    expect(await loadDemoCatalogue(seeded.app.deps.database)).toEqual({ inserted: 0, invalid: 0 });
    await seedDemoData(seeded.app.deps.database, seeded.app.deps.auth);
    expect(await count()).toBe(unique);
  });
});
