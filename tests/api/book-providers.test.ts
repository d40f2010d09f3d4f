import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { BookResponse, BookSearchResponse, BookSummary } from '../../src/lib/schemas/books';
import { createGrid, placeBook, type TestGrid } from '../helpers/bingo';
import { addBooks, HOBBIT, isbn13 } from '../helpers/books';
import {
  FakeProviders,
  googleVolume,
  googleVolumes,
  openLibraryDocs,
} from '../helpers/fake-providers';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

const fake = new FakeProviders();
const realFetch = globalThis.fetch;
/** Hosts the app may reach in a test; anything else fails it. */
let allowedHosts: string[] = [];
let outbound: string[] = [];

let t: TestApp;
let reader: TestUser;
let grid: TestGrid;

// Real books that are not in the local catalogue.
const NAME_OF_THE_WIND = { isbn13: '9780756404741', isbn10: '0756404746' };
const HITCHHIKER = { isbn13: '9780345391803', isbn10: '0345391802' };
const CATCHER = { isbn13: '9780316769488', isbn10: '0316769487' };
const ODYSSEY = '9780140449136';

beforeAll(async () => {
  await fake.start();
  t = await createTestApp(fake.env());
  await addBooks(t.app);
  reader = await createUser(t.app);
  grid = await createGrid(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

beforeEach(() => {
  fake.reset();
  allowedHosts = [fake.host];
  outbound = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!allowedHosts.includes(url.host)) {
      outbound.push(url.href);
      return Promise.reject(new Error(`unexpected outbound request to ${url.href}`));
    }
    return realFetch(input, init);
  });
});
afterEach(() => {
  // STYLE.md: any unexpected outbound request fails the test.
  expect(outbound).toEqual([]);
  expect(fake.unexpected).toEqual([]);
});

async function search(q: string, options: { limit?: number; app?: TestApp; cookie?: string } = {}) {
  const limit = options.limit ? `&limit=${options.limit}` : '';
  const response = await call(
    (options.app ?? t).app,
    'GET',
    `/api/books/search?q=${encodeURIComponent(q)}${limit}`,
    { cookie: options.cookie ?? reader.cookie },
  );
  expect(response.statusCode).toBe(200);
  return response.json<BookSearchResponse>().books;
}

function storedBook(isbn: string) {
  return t.app.deps.database.db
    .selectFrom('books')
    .selectAll()
    .where('isbn', '=', isbn)
    .executeTakeFirst();
}

describe('Google Books', () => {
  it('asks with the documented parameters and normalises every volume', async () => {
    fake.google = () =>
      googleVolumes([
        googleVolume('wind', {
          title: 'The Name of the Wind',
          authors: ['Patrick Rothfuss', ' '],
          publishedDate: '2007',
          description: 'My name is Kvothe.',
          publisher: 'DAW',
          pageCount: 662,
          categories: ['Fiction', 'Fantasy'],
          language: 'en',
          imageLinks: {
            smallThumbnail: 'http://books.google.com/books/content?id=wind&zoom=5',
            thumbnail: 'http://books.google.com/books/content?id=wind&zoom=1',
          },
          averageRating: 4.5,
          ratingsCount: 1200,
          industryIdentifiers: [
            { type: 'ISBN_10', identifier: NAME_OF_THE_WIND.isbn10 },
            { type: 'ISBN_13', identifier: NAME_OF_THE_WIND.isbn13 },
          ],
        }),
        googleVolume('guide', {
          title: "The Hitchhiker's Guide to the Galaxy",
          authors: ['Douglas Adams'],
          publishedDate: '1995-09-27',
          industryIdentifiers: [{ type: 'ISBN_10', identifier: HITCHHIKER.isbn10 }],
        }),
        googleVolume('pamphlet', {
          title: 'A Pamphlet Without ISBN',
          industryIdentifiers: [{ type: 'OTHER', identifier: 'UCAL:B3418' }],
        }),
        googleVolume('untitled', { authors: ['Nobody'] }),
        googleVolume('bare', {
          title: 'The Catcher in the Rye',
          industryIdentifiers: [{ type: 'ISBN_13', identifier: CATCHER.isbn13 }],
        }),
      ]);
    const books = await search('quest');

    const [google] = fake.requestsTo('google');
    expect(Object.fromEntries(google!.query)).toEqual({
      q: 'quest',
      maxResults: '20',
      startIndex: '0',
      orderBy: 'relevance',
      printType: 'books',
      key: 'test-key',
    });
    expect(books).toEqual<BookSummary[]>([
      {
        isbn: NAME_OF_THE_WIND.isbn13,
        title: 'The Name of the Wind',
        authors: 'Patrick Rothfuss',
        genre: 'Fiction',
        publishedDate: '2007',
        coverUrl: 'https://books.google.com/books/content?id=wind&zoom=1',
      },
      {
        // ISBN-10 only: converted to ISBN-13; the full date is kept as it was.
        isbn: HITCHHIKER.isbn13,
        title: "The Hitchhiker's Guide to the Galaxy",
        authors: 'Douglas Adams',
        genre: 'General',
        publishedDate: '1995-09-27',
        coverUrl: `/api/books/${HITCHHIKER.isbn13}/cover.svg`,
      },
      {
        // No ISBN: shown with a drawn cover, but it cannot be placed.
        isbn: null,
        title: 'A Pamphlet Without ISBN',
        authors: 'Unknown',
        genre: 'General',
        publishedDate: null,
        coverUrl: expect.stringMatching(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/) as string,
      },
      {
        isbn: CATCHER.isbn13,
        title: 'The Catcher in the Rye',
        authors: 'Unknown',
        genre: 'General',
        publishedDate: null,
        coverUrl: `/api/books/${CATCHER.isbn13}/cover.svg`,
      },
    ]);
  });

  it('caches every hit with an ISBN as a google book, with all its fields', async () => {
    expect(await storedBook(NAME_OF_THE_WIND.isbn13)).toMatchObject({
      isbn10: NAME_OF_THE_WIND.isbn10,
      title: 'The Name of the Wind',
      authors: 'Patrick Rothfuss',
      genre: 'Fiction',
      categories: JSON.stringify(['Fiction', 'Fantasy']),
      description: 'My name is Kvothe.',
      publisher: 'DAW',
      publishedDate: '2007',
      pageCount: 662,
      language: 'en',
      coverUrl: 'https://books.google.com/books/content?id=wind&zoom=1',
      averageRating: 4.5,
      ratingsCount: 1200,
      source: 'google',
      // Issue 11: categories are the subjects; Google's date is the edition's, not the work's.
      subjects: JSON.stringify(['Fiction', 'Fantasy']),
      firstPublishedYear: null,
      originalLanguage: null,
      facets: expect.stringContaining('fantasy') as string,
    });
    expect(await storedBook(HITCHHIKER.isbn13)).toMatchObject({ isbn10: HITCHHIKER.isbn10 });
    const titles = await t.app.deps.database.db
      .selectFrom('books')
      .select('title')
      .where('source', '=', 'google')
      .execute();
    expect(titles.map((r) => r.title)).not.toContain('A Pamphlet Without ISBN');
  });

  it('serves a cached hit from the catalogue: its page, its search and its placement', async () => {
    const page = await call(t.app, 'GET', `/api/books/${NAME_OF_THE_WIND.isbn13}`, {
      cookie: reader.cookie,
    });
    expect(page.json<BookResponse>().book).toMatchObject({
      title: 'The Name of the Wind',
      averageRating: 4.5,
      ratingsCount: 1200,
      categories: ['Fiction', 'Fantasy'],
    });
    expect(await search('rothf', { limit: 1 })).toHaveLength(1);
    expect(fake.requests).toEqual([]);
    const placed = await placeBook(t.app, reader.cookie, grid.cells[0]!, NAME_OF_THE_WIND.isbn13);
    expect(placed.statusCode).toBe(200);
  });

  it('cannot place a result without an ISBN', async () => {
    const response = await call(t.app, 'POST', '/api/bingo/placements', {
      cookie: reader.cookie,
      body: { cellId: grid.cells[1], isbn: null },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.bingo.invalidIsbn);
  });

  it('looks an unknown ISBN up for the book page and caches it', async () => {
    fake.google = (query) =>
      query.get('q') === `isbn:${ODYSSEY}`
        ? googleVolumes([
            googleVolume('odyssey', {
              title: 'The Odyssey',
              authors: ['Homer'],
              industryIdentifiers: [{ type: 'ISBN_13', identifier: ODYSSEY }],
            }),
          ])
        : googleVolumes([]);
    const response = await call(t.app, 'GET', `/api/books/${ODYSSEY}`, { cookie: reader.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json<BookResponse>().book).toMatchObject({
      title: 'The Odyssey',
      authors: 'Homer',
    });
    expect(fake.requestsTo('openlibrary')).toEqual([]);
    expect(await storedBook(ODYSSEY)).toMatchObject({ source: 'google' });

    const unknown = isbn13('978111111111');
    const missing = await call(t.app, 'GET', `/api/books/${unknown}`, { cookie: reader.cookie });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(messages.book.notFound);
    expect(fake.requestsTo('openlibrary').map((r) => r.query.get('q'))).toEqual([
      `isbn:${unknown}`,
    ]);
  });
});

describe('Open Library', () => {
  it('is asked when Google has no items, naming the app in its User-Agent', async () => {
    fake.openLibrary = () =>
      openLibraryDocs([
        {
          key: '/works/OL27448W',
          title: 'The Lord of the Rings',
          author_name: ['J.R.R. Tolkien'],
          first_publish_year: 1954,
          isbn: ['garbage', '9780261102385', '0261102389'],
          cover_i: 14625765,
          subject: ['Fantasy fiction', 'Middle Earth'],
          language: ['eng'],
          number_of_pages_median: 1193,
          publisher: ['Allen & Unwin', 'HarperCollins'],
        },
        { key: '/works/OL1W', title: 'Old Edition', isbn: ['0140449132'] },
        { key: '/works/OL2W', title: 'No ISBN At All', author_name: ['Someone'] },
        { key: '/works/OL3W', author_name: ['Untitled'] },
      ]);
    const books = await search('rings');

    const [google] = fake.requestsTo('google');
    expect(google).toBeDefined();
    const [openLibrary] = fake.requestsTo('openlibrary');
    expect(openLibrary!.query.get('q')).toBe('rings');
    expect(openLibrary!.query.get('limit')).toBe('20');
    expect(openLibrary!.query.get('fields')?.split(',')).toEqual(
      expect.arrayContaining(['title', 'author_name', 'isbn', 'cover_i', 'first_publish_year']),
    );
    expect(openLibrary!.headers['user-agent']).toMatch(/^HedgehogReadingBingo\/1\.0 \(/);
    expect(openLibrary!.headers['user-agent']).toContain(t.config.supportEmail);

    expect(books).toEqual([
      {
        isbn: '9780261102385',
        title: 'The Lord of the Rings',
        authors: 'J.R.R. Tolkien',
        genre: 'Fantasy fiction',
        publishedDate: '1954',
        coverUrl: 'https://covers.openlibrary.org/b/id/14625765-M.jpg',
      },
      expect.objectContaining({ isbn: ODYSSEY, title: 'Old Edition', authors: 'Unknown' }),
      expect.objectContaining({ isbn: null, title: 'No ISBN At All' }),
    ]);
    expect(await storedBook('9780261102385')).toMatchObject({
      isbn10: '0261102389',
      source: 'openlibrary',
      // Issue 11: Open Library's three-letter language as ISO 639-1, its subjects, and the
      // work's first publication year.
      language: 'en',
      pageCount: 1193,
      publisher: 'Allen & Unwin',
      categories: JSON.stringify(['Fantasy fiction', 'Middle Earth']),
      subjects: JSON.stringify(['Fantasy fiction', 'Middle Earth']),
      firstPublishedYear: 1954,
      originalLanguage: null,
    });
  });

  it('shows a book both providers know once', async () => {
    const ring = (id: string) =>
      googleVolume(id, {
        title: 'Shared Book',
        industryIdentifiers: [{ type: 'ISBN_13', identifier: isbn13('978222222222') }],
      });
    fake.google = () => googleVolumes([ring('a'), ring('b')]);
    fake.openLibrary = () =>
      openLibraryDocs([{ title: 'Shared Book', isbn: [isbn13('978222222222')] }]);
    const books = await search('shared');
    expect(books.map((b) => b.title)).toEqual(['Shared Book']);
  });
});

describe('the chain', () => {
  it('asks no provider when the catalogue fills the limit', async () => {
    expect(await search('hobbit', { limit: 1 })).toHaveLength(1);
    expect(fake.requests).toEqual([]);
  });

  it('puts the catalogue first and does not repeat its books', async () => {
    fake.google = () =>
      googleVolumes([
        googleVolume('hobbit', {
          title: 'The Hobbit (remote edition)',
          industryIdentifiers: [{ type: 'ISBN_13', identifier: HOBBIT.isbn13 }],
        }),
        googleVolume('other', {
          title: 'The Hobbit: A Companion',
          industryIdentifiers: [{ type: 'ISBN_13', identifier: isbn13('978333333333') }],
        }),
      ]);
    const books = await search('hobbit');
    expect(books.map((b) => b.title)).toEqual(['The Hobbit', 'The Hobbit: A Companion']);
    // The local book is kept as it is.
    expect(await storedBook(HOBBIT.isbn13)).toMatchObject({ title: 'The Hobbit', source: 'demo' });
  });

  it('stops once Google filled the limit', async () => {
    fake.google = () =>
      googleVolumes(
        [1, 2].map((n) =>
          googleVolume(`v${n}`, {
            title: `Remote ${n}`,
            industryIdentifiers: [{ type: 'ISBN_13', identifier: isbn13(`97844444444${n}`) }],
          }),
        ),
      );
    expect(await search('remote', { limit: 2 })).toHaveLength(2);
    expect(fake.requestsTo('openlibrary')).toEqual([]);
  });

  it.each([
    [
      'answers 429',
      { status: 429, headers: { 'retry-after': '0' }, body: { error: { code: 429 } } },
    ],
    ['answers 500', { status: 500, body: { error: 'backend' } }],
    ['sends a body that is not JSON', { raw: '<html>oops</html>' }],
    ['sends JSON of another shape', { body: { items: 'not a list' } }],
    ['answers slower than the timeout', { delayMs: 1500, body: { items: [] } }],
  ])('skips Google when it %s and still answers with Open Library', async (_label, reply) => {
    fake.google = () => reply;
    fake.openLibrary = () =>
      openLibraryDocs([{ title: 'Survivor', isbn: [isbn13('978555555555')] }]);
    const started = Date.now();
    const books = await search('survivor');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(books.map((b) => b.title)).toEqual(['Survivor']);
    expect(fake.requestsTo('google')).toHaveLength(1);
  });

  it('answers with the catalogue alone when every provider fails', async () => {
    fake.google = () => ({ status: 503 });
    fake.openLibrary = () => ({ status: 503 });
    expect((await search('dune')).map((b) => b.title)).toEqual(['Dune']);
    expect(fake.requests).toHaveLength(2);
  });
});

describe('a provider that answered 429', () => {
  let own: TestApp;
  let cookie: string;
  beforeAll(async () => {
    own = await createTestApp(fake.env());
    cookie = (await createUser(own.app)).cookie;
  });
  afterAll(() => own.close());

  it('rests until its Retry-After, while the others go on', async () => {
    fake.google = () => ({ status: 429, headers: { 'retry-after': '120' } });
    fake.openLibrary = () =>
      openLibraryDocs([{ title: 'Patience', isbn: [isbn13('978666666666')] }]);
    expect(await search('patience', { app: own, cookie })).toHaveLength(1);
    expect(await search('patience again', { app: own, cookie })).toHaveLength(1);
    expect(fake.requestsTo('google')).toHaveLength(1);
    expect(fake.requestsTo('openlibrary')).toHaveLength(2);
  });
});

describe('without a network', () => {
  let offline: TestApp;
  let cookie: string;
  let deadHost: string;
  beforeAll(async () => {
    // A port that was just free: nothing listens there, so every request is refused.
    const dead = new FakeProviders();
    await dead.start();
    const env = dead.env();
    deadHost = dead.host;
    await dead.stop();
    offline = await createTestApp(env);
    await addBooks(offline.app);
    cookie = (await createUser(offline.app)).cookie;
  });
  afterAll(() => offline.close());

  it('answers from the local catalogue alone', async () => {
    allowedHosts.push(deadHost);
    const books = await search('tolkien', { app: offline, cookie });
    expect(books.map((b) => b.title).sort()).toEqual(['The Fellowship of the Ring', 'The Hobbit']);
  });
});
