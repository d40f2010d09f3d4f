import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ONBOARDING_BOOKS, RECOMMENDATION_REFILL_THRESHOLD } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import { authorKey, leadAuthor } from '../../src/lib/recommendations';
import type {
  OnboardingSearchResponse,
  RecommendationBook,
  RecommendationQueueResponse,
  RecommendationState,
} from '../../src/lib/schemas/recommendations';
import type { WantToReadResponse } from '../../src/lib/schemas/library';
import { loadDemoCatalogue } from '../../src/server/books/demo-catalogue';
import { RECOMMENDATION_REFILLS_PER_WINDOW } from '../../src/server/modules/recommendations/recommendation-sessions';
import { isbn13 } from '../helpers/books';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  signIn,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Book providers are off in tests: the bundled demo catalogue is all there is.
  await loadDemoCatalogue(t.app.deps.database);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Freezes the clock (Date only), so refills can be spaced without waiting. */
function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
}
function advance(ms: number) {
  vi.setSystemTime(new Date(Date.now() + ms));
}

const getQueue = (app: FastifyInstance, cookie: string) =>
  call(app, 'GET', '/api/recommendations/queue', { cookie });
const swipe = (cookie: string, isbn: string, direction: 'like' | 'dislike') =>
  call(t.app, 'POST', '/api/recommendations/swipe', { cookie, body: { isbn, direction } });

let bookCounter = 0;

/** A catalogue book with the fields the filters read; a fresh made-up ISBN unless given. */
async function insertBook(
  app: FastifyInstance,
  overrides: Partial<{
    isbn: string;
    title: string;
    authors: string;
    genre: string;
    publishedDate: string | null;
    language: string | null;
    averageRating: number | null;
    ratingsCount: number | null;
  }> = {},
) {
  bookCounter += 1;
  const genre = overrides.genre ?? 'Hedgehog Lore';
  const now = new Date().toISOString();
  const book = {
    isbn: overrides.isbn ?? isbn13(`979${String(500_000_000 + bookCounter).padStart(9, '0')}`),
    title: overrides.title ?? `Hedgehog Tale ${bookCounter}`,
    authors: overrides.authors ?? `Writer ${bookCounter}`,
    genre,
    categories: JSON.stringify([genre]),
    publishedDate: overrides.publishedDate === undefined ? '2018' : overrides.publishedDate,
    language: overrides.language === undefined ? 'en' : overrides.language,
    averageRating: overrides.averageRating === undefined ? 4.2 : overrides.averageRating,
    ratingsCount: overrides.ratingsCount === undefined ? 120 : overrides.ratingsCount,
    source: 'demo',
    createdAt: now,
    updatedAt: now,
  };
  await app.deps.database.db.insertInto('books').values(book).execute();
  return book;
}

/** Marks catalogue books finished for a reader, with a rating. */
async function finish(
  app: FastifyInstance,
  userId: string,
  books: readonly { isbn: string; title: string; authors: string }[],
  rating: number | null = 4,
) {
  const now = new Date().toISOString();
  await app.deps.database.db
    .insertInto('finishedBooks')
    .values(
      books.map((book) => ({
        id: randomUUID(),
        userId,
        bookIsbn: book.isbn,
        title: book.title,
        author: book.authors,
        rating,
        finishedAt: now,
        createdAt: now,
      })),
    )
    .execute();
}

describe('access', () => {
  it('asks guests and signed-out visitors to log in', async () => {
    const guest = await createGuest(t.app);
    for (const [method, url, body] of [
      ['GET', '/api/recommendations/state', undefined],
      ['GET', '/api/recommendations/queue', undefined],
      ['GET', '/api/recommendations/onboarding-search?q=hobbit', undefined],
      ['POST', '/api/recommendations/favourites', { isbn: '9780261103344' }],
      ['POST', '/api/recommendations/swipe', { isbn: '9780261103344', direction: 'like' }],
    ] as const) {
      const signedOut = await call(t.app, method, url, { body });
      expect(signedOut.statusCode, url).toBe(401);
      expect(errorOf(signedOut).message).toBe(messages.recommendations.pleaseLogIn);
      const asGuest = await call(t.app, method, url, { body, cookie: guest });
      expect(asGuest.statusCode, url).toBe(403);
      expect(errorOf(asGuest).message).toBe(messages.recommendations.pleaseLogIn);
    }
  });
});

describe('onboarding', () => {
  let reader: TestUser;
  beforeAll(async () => {
    reader = await createUser(t.app);
  });

  it('starts in onboarding with no finished books', async () => {
    const response = await call(t.app, 'GET', '/api/recommendations/state', {
      cookie: reader.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ onboarding: true, finishedCount: 0, booksNeeded: 5 });
  });

  it('searches at most 5 books, each with an ISBN, title, author and a cover', async () => {
    const response = await call(t.app, 'GET', '/api/recommendations/onboarding-search?q=harry', {
      cookie: reader.cookie,
    });
    expect(response.statusCode).toBe(200);
    const { books } = response.json<OnboardingSearchResponse>();
    expect(books).toHaveLength(5);
    for (const book of books) {
      expect(book.isbn).toMatch(/^97[89]\d{10}$/);
      expect(book.title).not.toBe('');
      expect(book.authors).toBe('J. K. Rowling');
      expect(book.coverUrl).toBe(`/api/books/${book.isbn}/cover.svg`);
    }
  });

  it('refuses an empty search term', async () => {
    const response = await call(t.app, 'GET', '/api/recommendations/onboarding-search?q=%20', {
      cookie: reader.cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.book.searchTermRequired);
  });

  it('adds a favourite as an unrated finished book, once', async () => {
    const added = await call(t.app, 'POST', '/api/recommendations/favourites', {
      cookie: reader.cookie,
      body: { isbn: '978-0-06-225565-5' },
    });
    expect(added.statusCode).toBe(201);
    const body = added.json<{ message: string; book: { rating: number | null; isbn: string } }>();
    expect(body.message).toBe(messages.book.added);
    expect(body.book).toMatchObject({ isbn: '9780062255655', rating: null });
    expect(body).toMatchObject({ state: { onboarding: true, finishedCount: 1, booksNeeded: 4 } });

    const again = await call(t.app, 'POST', '/api/recommendations/favourites', {
      cookie: reader.cookie,
      body: { isbn: '9780062255655' },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(messages.book.alreadyAdded);
  });

  it('refuses an invalid ISBN and a book the catalogue does not have', async () => {
    const invalid = await call(t.app, 'POST', '/api/recommendations/favourites', {
      cookie: reader.cookie,
      body: { isbn: '9780062255656' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).message).toBe(messages.bingo.invalidIsbn);
    const unknown = await call(t.app, 'POST', '/api/recommendations/favourites', {
      cookie: reader.cookie,
      body: { isbn: isbn13('979000000999') },
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(messages.book.notFound);
  });
});

describe('offline, the demo catalogue alone', () => {
  it('is enough to finish onboarding and swipe through at least 20 recommendations', async () => {
    const reader = await createUser(t.app);
    freezeClock();
    // Onboarding: five favourites found through the search.
    const favourites: string[] = [];
    for (const q of ['ocean at the end', 'handmaid', 'neverwhere', 'testaments', 'stardust']) {
      const search = await call(t.app, 'GET', `/api/recommendations/onboarding-search?q=${q}`, {
        cookie: reader.cookie,
      });
      const [first] = search.json<OnboardingSearchResponse>().books;
      expect(first, q).toBeDefined();
      const added = await call(t.app, 'POST', '/api/recommendations/favourites', {
        cookie: reader.cookie,
        body: { isbn: first!.isbn },
      });
      expect(added.statusCode).toBe(201);
      favourites.push(first!.isbn);
    }
    const state = await call(t.app, 'GET', '/api/recommendations/state', { cookie: reader.cookie });
    expect(state.json<RecommendationState>()).toEqual({
      onboarding: false,
      finishedCount: ONBOARDING_BOOKS,
      booksNeeded: 0,
    });

    // Swiping: the client refills when 10 or fewer cards remain, at most every 5 s.
    const cards: RecommendationBook[] = [];
    const shown = new Set<string>();
    const dislikedAuthors = new Set<string>();
    let swiped = 0;
    let refills = 0;
    while (swiped < 25) {
      if (cards.length <= RECOMMENDATION_REFILL_THRESHOLD && refills < 6) {
        advance(5_000);
        const response = await getQueue(t.app, reader.cookie);
        expect(response.statusCode).toBe(200);
        const batch = response.json<RecommendationQueueResponse>();
        refills += 1;
        for (const book of batch.books) {
          expect(shown.has(book.isbn), `${book.title} came back`).toBe(false);
          expect(favourites).not.toContain(book.isbn);
          shown.add(book.isbn);
        }
        cards.push(...batch.books);
      }
      const card = cards.shift();
      if (!card) break;
      const lead = authorKey(leadAuthor(card.authors)!);
      expect(dislikedAuthors.has(lead), `${card.authors} after a dislike`).toBe(false);
      const direction = swiped % 3 === 0 ? 'dislike' : 'like';
      const response = await swipe(reader.cookie, card.isbn, direction);
      expect(response.statusCode).toBe(200);
      if (direction === 'dislike') {
        dislikedAuthors.add(lead);
        // Cards already handed out by that author go too, as the client drops them.
        for (let i = cards.length - 1; i >= 0; i -= 1) {
          if (authorKey(leadAuthor(cards[i]!.authors)!) === lead) cards.splice(i, 1);
        }
      }
      swiped += 1;
    }
    expect(swiped).toBeGreaterThanOrEqual(20);
  });
});

describe('the queue', () => {
  it('applies every filter of SPEC.md section 5 end to end', async () => {
    const reader = await createUser(t.app);
    const read = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        insertBook(t.app, { authors: 'Read Author', title: `Read Tale ${i}` }),
      ),
    );
    await finish(t.app, reader.id, read, 4);
    const shown = {
      fine: await insertBook(t.app, { title: 'Fine Tale' }),
      unrated: await insertBook(t.app, {
        title: 'Unrated Tale',
        averageRating: null,
        ratingsCount: null,
      }),
      // Reader average 4: 2.0 is exactly 2 below, still allowed.
      borderline: await insertBook(t.app, { title: 'Borderline Tale', averageRating: 2 }),
      fifty: await insertBook(t.app, {
        title: 'Fifty Years Tale',
        publishedDate: String(new Date().getUTCFullYear() - 50),
      }),
      coWritten: await insertBook(t.app, {
        title: 'Co-written Tale',
        authors: 'New Lead, Read Author',
      }),
    };
    const hidden = {
      byReadAuthor: await insertBook(t.app, {
        title: 'More by Read Author',
        authors: 'Read Author',
      }),
      old: await insertBook(t.app, { title: 'Old Tale', publishedDate: '1960' }),
      undated: await insertBook(t.app, { title: 'Undated Tale', publishedDate: null }),
      poorlyRated: await insertBook(t.app, { title: 'Poor Tale', averageRating: 1.9 }),
      fewRatings: await insertBook(t.app, { title: 'Few Ratings Tale', ratingsCount: 9 }),
      french: await insertBook(t.app, { title: 'Conte Français', language: 'fr' }),
      listed: await insertBook(t.app, { title: 'Listed Tale' }),
    };
    await call(t.app, 'POST', '/api/want-to-read', {
      cookie: reader.cookie,
      body: { isbn: hidden.listed.isbn },
    });

    const response = await getQueue(t.app, reader.cookie);
    expect(response.statusCode).toBe(200);
    const batch = response.json<RecommendationQueueResponse>();
    expect(batch.status).toBe('ok');
    expect(batch.books.length).toBeLessThanOrEqual(20);
    const isbns = batch.books.map((b) => b.isbn);
    for (const [name, book] of Object.entries(shown)) expect(isbns, name).toContain(book.isbn);
    for (const [name, book] of Object.entries(hidden)) expect(isbns, name).not.toContain(book.isbn);
    for (const book of read) expect(isbns).not.toContain(book.isbn);
    // The rest came from the random genre, all of them within the rules too.
    for (const book of batch.books) {
      expect(Number(book.publishedDate?.slice(0, 4))).toBeGreaterThanOrEqual(
        new Date().getUTCFullYear() - 50,
      );
      expect(book.authors).not.toBe('Read Author');
    }
    const card = batch.books.find((b) => b.isbn === shown.fine.isbn)!;
    expect(card).toMatchObject({
      title: 'Fine Tale',
      genre: 'Hedgehog Lore',
      coverUrl: `/api/books/${shown.fine.isbn}/cover.svg`,
      averageRating: 4.2,
      ratingsCount: 120,
    });
  });
});

describe('the refill throttle', () => {
  it('refuses a refill sooner than 5 s after the last, with the requests remaining', async () => {
    const reader = await createUser(t.app);
    freezeClock();
    expect((await getQueue(t.app, reader.cookie)).statusCode).toBe(200);
    advance(4_000);
    const tooSoon = await getQueue(t.app, reader.cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(errorOf(tooSoon)).toEqual({
      code: 'RATE_LIMITED',
      message: messages.rateLimit.refreshRemaining(RECOMMENDATION_REFILLS_PER_WINDOW - 1),
    });
    expect(tooSoon.headers['retry-after']).toBe('1');
    advance(1_000);
    expect((await getQueue(t.app, reader.cookie)).statusCode).toBe(200);
  });

  it('allows 10 refills a minute, then says none remain', async () => {
    const reader = await createUser(t.app);
    freezeClock();
    for (let i = 0; i < RECOMMENDATION_REFILLS_PER_WINDOW; i += 1) {
      expect((await getQueue(t.app, reader.cookie)).statusCode).toBe(200);
      advance(5_000);
    }
    const refused = await getQueue(t.app, reader.cookie);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(messages.rateLimit.refreshRemaining(0));
    // Once the first refill leaves the minute's window, one more is allowed.
    advance(10_000);
    expect((await getQueue(t.app, reader.cookie)).statusCode).toBe(200);
  });

  it('counts per reader: another reader is not held up', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    freezeClock();
    expect((await getQueue(t.app, a.cookie)).statusCode).toBe(200);
    expect((await getQueue(t.app, b.cookie)).statusCode).toBe(200);
  });
});

describe('swipes', () => {
  it('like adds the book to want-to-read; liking it again is refused', async () => {
    const reader = await createUser(t.app);
    const book = await insertBook(t.app, { title: 'Liked Tale' });
    const liked = await swipe(reader.cookie, book.isbn, 'like');
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ direction: 'like', message: messages.wantToRead.added });
    const list = await call(t.app, 'GET', '/api/want-to-read', { cookie: reader.cookie });
    expect(list.json<WantToReadResponse>().books.map((b) => b.isbn)).toEqual([book.isbn]);

    const again = await swipe(reader.cookie, book.isbn, 'like');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(messages.wantToRead.alreadyListed);
  });

  it('dislike keeps that author out for the rest of the session only', async () => {
    const reader = await createUser(t.app);
    const genre = 'Dislike Shelf';
    const read = await Promise.all(
      Array.from({ length: 5 }, () => insertBook(t.app, { genre, authors: 'Liked Writer' })),
    );
    await finish(t.app, reader.id, read, 4);
    const disliked = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        insertBook(t.app, { genre, authors: 'Grumpy Writer', title: `Grumpy ${i}` }),
      ),
    );
    const coWritten = await insertBook(t.app, {
      genre,
      authors: 'Someone Else, Grumpy Writer',
      title: 'Grumpy Together',
    });
    await insertBook(t.app, { genre, authors: 'Pleasant Writer' });

    const response = await swipe(reader.cookie, disliked[0]!.isbn, 'dislike');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ direction: 'dislike', message: null });

    freezeClock();
    const grumpy = new Set([...disliked, coWritten].map((b) => b.isbn));
    for (let i = 0; i < 3; i += 1) {
      advance(5_000);
      const batch = (await getQueue(t.app, reader.cookie)).json<RecommendationQueueResponse>();
      for (const book of batch.books) expect(grumpy.has(book.isbn), book.title).toBe(false);
    }

    // A new sign-in is a new session: the author may come back.
    const otherSession = await signIn(t.app, reader.email, reader.password);
    advance(5_000);
    const fresh = (await getQueue(t.app, otherSession)).json<RecommendationQueueResponse>();
    expect(fresh.books.some((book) => grumpy.has(book.isbn))).toBe(true);
  });

  it('refuses to dislike a book the catalogue does not have', async () => {
    const reader = await createUser(t.app);
    const response = await swipe(reader.cookie, isbn13('979000000998'), 'dislike');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(messages.book.notFound);
  });
});

describe('with remote providers', () => {
  let remote: TestApp;
  let server: Server;
  let answer: { status: number; items: unknown[] } = { status: 200, items: [] };
  const requests: URL[] = [];

  beforeAll(async () => {
    // A stand-in for Google Books on this machine, in its documented shape.
    server = createServer((request, response) => {
      requests.push(new URL(request.url ?? '/', 'http://localhost'));
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ totalItems: answer.items.length, items: answer.items }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    remote = await createTestApp({
      GOOGLE_BOOKS_ENABLED: 'true',
      GOOGLE_BOOKS_URL: `http://127.0.0.1:${port}/books/v1/volumes`,
    });
  });
  afterAll(async () => {
    await remote.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const volume = (n: number) => ({
    volumeInfo: {
      title: `Remote Novel ${n}`,
      authors: [`Remote Writer ${n}`],
      publishedDate: '2019-04-02',
      language: 'en',
      categories: ['Fantasy'],
      averageRating: 4,
      ratingsCount: 50,
      industryIdentifiers: [{ type: 'ISBN_13', identifier: isbn13(`979${700_000_000 + n}`) }],
    },
  });

  it('answers fetchFailed when the catalogue has nothing and the providers fail', async () => {
    const reader = await createUser(remote.app);
    answer = { status: 503, items: [] };
    const response = await getQueue(remote.app, reader.cookie);
    expect(response.statusCode).toBe(502);
    expect(errorOf(response).message).toBe(messages.recommendations.fetchFailed);
  });

  it('answers empty when nothing at all is found', async () => {
    const reader = await createUser(remote.app);
    answer = { status: 200, items: [] };
    const response = await getQueue(remote.app, reader.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      books: [],
      status: 'empty',
      message: messages.recommendations.empty,
    });
  });

  it('never hands out a card twice in a session, and says when it has run out', async () => {
    const reader = await createUser(remote.app);
    answer = { status: 200, items: [] };
    const genre = 'Tiny Shelf';
    const read = await Promise.all(
      Array.from({ length: 5 }, () => insertBook(remote.app, { genre, authors: 'Tiny Reader' })),
    );
    await finish(remote.app, reader.id, read, 5);
    const fresh = await insertBook(remote.app, { genre });
    freezeClock();
    const seen = new Set<string>();
    let exhausted: RecommendationQueueResponse | undefined;
    for (let i = 0; i < 10 && !exhausted; i += 1) {
      advance(6_000);
      const batch = (await getQueue(remote.app, reader.cookie)).json<RecommendationQueueResponse>();
      if (batch.books.length === 0) exhausted = batch;
      for (const book of batch.books) {
        expect(seen.has(book.isbn)).toBe(false);
        seen.add(book.isbn);
      }
    }
    expect(seen).toContain(fresh.isbn);
    expect(exhausted).toMatchObject({
      books: [],
      status: 'exhausted',
      message: messages.recommendations.exhausted,
    });
  });

  it('asks for English print books by relevance from a start index 0-19, and caches them', async () => {
    const reader = await createUser(remote.app);
    answer = { status: 200, items: [1, 2, 3].map(volume) };
    requests.length = 0;
    const response = await getQueue(remote.app, reader.cookie);
    expect(response.statusCode).toBe(200);
    const { books } = response.json<RecommendationQueueResponse>();
    expect(books.map((b) => b.title).sort()).toEqual([
      'Remote Novel 1',
      'Remote Novel 2',
      'Remote Novel 3',
    ]);
    const [asked] = requests;
    expect(asked?.searchParams.get('q')).toMatch(/^subject:"/);
    expect(asked?.searchParams.get('maxResults')).toBe('40');
    expect(Number(asked?.searchParams.get('startIndex'))).toBeLessThanOrEqual(19);
    expect(asked?.searchParams.get('printType')).toBe('books');
    expect(asked?.searchParams.get('orderBy')).toBe('relevance');
    expect(asked?.searchParams.get('langRestrict')).toBe('en');

    // Cached: the liked book is in the catalogue, so it can be listed.
    const liked = await call(remote.app, 'POST', '/api/recommendations/swipe', {
      cookie: reader.cookie,
      body: { isbn: books[0]!.isbn, direction: 'like' },
    });
    expect(liked.statusCode).toBe(200);
  });
});
