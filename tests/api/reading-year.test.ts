import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type {
  OwnReadingYearResponse,
  UserReadingYearResponse,
} from '../../src/lib/schemas/reading-year';
import { createGrid, placeOk } from '../helpers/bingo';
import { createClub } from '../helpers/clubs';
import { befriend, createBook, createFinishedBook, type TestBook } from '../helpers/factories';
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
 * Issue 25: the reading year against a fixture counted by hand (the numbers below are written
 * out, not computed), on SQLite and (DATABASE_URL) PostgreSQL. A book belongs to the UTC year
 * of its finished date: the app keeps no time zone per reader.
 */
const t25 = messages.readingYear;
let t: TestApp;
let reader: TestUser;
let gridId: string;
const currentYear = new Date().getUTCFullYear();

interface FixtureBook {
  title: string;
  authors: string;
  finishedAt: string;
  rating: number | null;
  pages: number | null;
  subjects: string[];
  language: string | null;
}

/** The reader's finished books; the comments are what each adds to the hand count. */
const BOOKS: FixtureBook[] = [
  // 2024: Le Guin is met here, so she returns in 2025.
  {
    title: 'The Old Favourite',
    authors: 'Ursula K. Le Guin',
    finishedAt: '2024-05-10T09:00:00.000Z',
    rating: 4,
    pages: 300,
    subjects: ['Fantasy'],
    language: 'en',
  },
  // 2025, January: 2 books, 650 pages.
  {
    title: 'A Wizard Again',
    authors: 'Ursula K. Le Guin',
    finishedAt: '2025-01-15T10:00:00.000Z',
    rating: 5,
    pages: 250,
    subjects: ['Fantasy', 'Fiction'],
    language: 'en',
  },
  {
    title: 'Good Omens',
    authors: 'Terry Pratchett, Neil Gaiman',
    finishedAt: '2025-01-20T10:00:00.000Z',
    rating: 3,
    pages: 400,
    subjects: ['Fantasy', 'Humor'],
    language: 'en',
  },
  // March: no page count, no rating; 'fiction' is the same subject as 'Fiction'.
  {
    title: 'Emma',
    authors: 'Jane Austen',
    finishedAt: '2025-03-03T10:00:00.000Z',
    rating: null,
    pages: null,
    subjects: ['Classics', 'fiction'],
    language: 'en',
  },
  // July: the longest, and of the two 5-star books the later one: the best rated.
  {
    title: 'Cien años de soledad',
    authors: 'Gabriel García Márquez',
    finishedAt: '2025-07-07T10:00:00.000Z',
    rating: 5,
    pages: 417,
    subjects: ['Fiction'],
    language: 'es',
  },
  // The year boundary: 23:30 UTC on New Year's Eve is still 2025; Le Guin in lower case.
  {
    title: 'Last Of The Year',
    authors: 'ursula k. le guin',
    finishedAt: '2025-12-31T23:30:00.000Z',
    rating: 2,
    pages: 180,
    subjects: [],
    language: null,
  },
  // ...and 00:30 UTC on New Year's Day is 2026: Austen returns (read in 2025).
  {
    title: 'Persuasion',
    authors: 'Jane Austen',
    finishedAt: '2026-01-01T00:30:00.000Z',
    rating: 4,
    pages: 200,
    subjects: ['Classics'],
    language: 'fr',
  },
];

const books: Record<string, TestBook> = {};

async function addFixtureBook(userId: string, fixture: FixtureBook) {
  const book = await createBook(t.app, { title: fixture.title, authors: fixture.authors });
  await t.app.deps.database.db
    .updateTable('books')
    .set({
      pageCount: fixture.pages,
      subjects: JSON.stringify(fixture.subjects),
      language: fixture.language,
    })
    .where('isbn', '=', book.isbn)
    .execute();
  await createFinishedBook(t.app, userId, {
    book,
    rating: fixture.rating,
    finishedAt: fixture.finishedAt,
  });
  books[fixture.title] = book;
}

/**
 * The reader's card: squares 1-4 (a row: one line) and 6, placed through the API and moved to
 * June 2025 (the totals' triggers count them again), so the card belongs to 2025 alone. The
 * finished books the placements added are taken away: the hand count above is the whole list.
 */
async function addCard(user: TestUser) {
  const grid = await createGrid(t.app, { title: 'Reading Year Card' });
  const placed: string[] = [];
  for (const position of [0, 1, 2, 3, 5]) {
    const book = await createBook(t.app);
    await placeOk(t.app, user.cookie, grid.cells[position]!, book.isbn);
    placed.push(book.isbn);
  }
  const { db } = t.app.deps.database;
  await db
    .updateTable('placements')
    .set({ createdAt: '2025-06-01T12:00:00.000Z', updatedAt: '2025-06-01T12:00:00.000Z' })
    .where('userId', '=', user.id)
    .execute();
  await db
    .deleteFrom('finishedBooks')
    .where('userId', '=', user.id)
    .where('bookIsbn', 'in', placed)
    .execute();
  return grid.id;
}

beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.app);
  for (const fixture of BOOKS) await addFixtureBook(reader.id, fixture);
  gridId = await addCard(reader);
});
afterAll(() => t.close());

const ownYear = (user: TestUser, query = '') =>
  call(t.app, 'GET', `/api/profile/reading-year${query}`, { cookie: user.cookie });
const userYear = (cookie: string | undefined, userId: string, query = '') =>
  call(t.app, 'GET', `/api/users/${userId}/reading-year${query}`, cookie ? { cookie } : {});
const userProfile = (cookie: string | undefined, userId: string) =>
  call(t.app, 'GET', `/api/users/${userId}/profile`, cookie ? { cookie } : {});
const setVisibility = async (user: TestUser, visibility: string) => {
  const response = await call(t.app, 'PATCH', '/api/profile', {
    cookie: user.cookie,
    body: { visibility },
  });
  expect(response.statusCode, response.body).toBe(200);
};

const months = (filled: Record<number, [number, number]>) =>
  Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    books: filled[i + 1]?.[0] ?? 0,
    pages: filled[i + 1]?.[1] ?? 0,
  }));
const years = [...new Set([currentYear, 2026, 2025, 2024])].sort((a, b) => b - a);

/** 2025 counted by hand from BOOKS and the card. */
const EXPECTED_2025 = {
  year: 2025,
  years,
  booksRead: 5,
  // 250 + 400 + 417 + 180; Emma has no page count.
  pagesRead: 1247,
  booksWithoutPages: 1,
  months: months({ 1: [2, 650], 3: [1, 0], 7: [1, 417], 12: [1, 180] }),
  subjects: [
    { name: 'Fiction', books: 3 },
    { name: 'Fantasy', books: 2 },
    { name: 'Classics', books: 1 },
    { name: 'Humor', books: 1 },
  ],
  languages: [
    { code: 'en', name: 'English', books: 3 },
    { code: null, name: t25.languageUnknown, books: 1 },
    { code: 'es', name: 'Spanish', books: 1 },
  ],
  // Le Guin returns (2024); Pratchett, Gaiman, Austen and García Márquez are new.
  authors: { new: 4, returning: 1 },
  ratings: [
    { stars: 1, books: 0 },
    { stars: 2, books: 1 },
    { stars: 3, books: 1 },
    { stars: 4, books: 0 },
    { stars: 5, books: 2 },
  ],
  // (5 + 3 + 5 + 2) / 4 = 3.75, shown to one decimal.
  averageRating: 3.8,
  longestBook: {
    isbn: '',
    title: 'Cien años de soledad',
    author: 'Gabriel García Márquez',
    pages: 417,
    rating: 5,
  },
  bestRatedBook: {
    isbn: '',
    title: 'Cien años de soledad',
    author: 'Gabriel García Márquez',
    pages: 417,
    rating: 5,
  },
  cards: [{ gridId: '', title: 'Reading Year Card', squares: 5, lines: 1 }],
};

function expected2025() {
  const isbn = books['Cien años de soledad']!.isbn;
  return {
    ...EXPECTED_2025,
    longestBook: { ...EXPECTED_2025.longestBook, isbn },
    bestRatedBook: { ...EXPECTED_2025.bestRatedBook, isbn },
    cards: [{ ...EXPECTED_2025.cards[0]!, gridId }],
  };
}

describe('own reading year', () => {
  it('counts 2025 as counted by hand', async () => {
    const response = await ownYear(reader, '?year=2025');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<OwnReadingYearResponse>();
    expect(body.reading).toEqual(expected2025());
    expect(body.share).toEqual({
      svgUrl: '/api/profile/reading-year/2025/share.svg',
      pngUrl: '/api/profile/reading-year/2025/share.png',
      alt:
        '2025 in books: 5 books, 1,247 pages; 4 new authors and 1 returning; most read subject: ' +
        'Fiction; average rating 3.8 of 5; longest book: Cien años de soledad (417 pages); best ' +
        'rated: Cien años de soledad (5 of 5); 5 squares and 1 line on 1 card.',
    });
  });

  it("puts a book finished at 00:30 UTC on New Year's Day in the new year", async () => {
    const body = (await ownYear(reader, '?year=2026')).json<OwnReadingYearResponse>();
    expect(body.reading).toMatchObject({
      year: 2026,
      booksRead: 1,
      pagesRead: 200,
      months: months({ 1: [1, 200] }),
      languages: [{ code: 'fr', name: 'French', books: 1 }],
      // Austen was read in 2025: she returns.
      authors: { new: 0, returning: 1 },
      averageRating: 4,
      cards: [],
    });
    expect(body.reading.longestBook?.title).toBe('Persuasion');
  });

  it('counts an earlier year with no earlier authors as all new', async () => {
    const body = (await ownYear(reader, '?year=2024')).json<OwnReadingYearResponse>();
    expect(body.reading).toMatchObject({
      booksRead: 1,
      pagesRead: 300,
      authors: { new: 1, returning: 0 },
      subjects: [{ name: 'Fantasy', books: 1 }],
    });
  });

  it('answers an empty year with zeros and no books, and the current year by default', async () => {
    const empty = (await ownYear(reader, '?year=2019')).json<OwnReadingYearResponse>();
    expect(empty.reading).toMatchObject({
      year: 2019,
      booksRead: 0,
      pagesRead: 0,
      subjects: [],
      languages: [],
      authors: { new: 0, returning: 0 },
      averageRating: null,
      longestBook: null,
      bestRatedBook: null,
      cards: [],
    });
    expect(empty.share.alt).toBe(t25.altEmpty(2019));
    const fresh = await createUser(t.app);
    const none = (await ownYear(fresh)).json<OwnReadingYearResponse>();
    expect(none.reading.year).toBe(currentYear);
    expect(none.reading.years).toEqual([currentYear]);
    expect(none.reading.booksRead).toBe(0);
  });

  it('turns down a year that is not one, changing nothing', async () => {
    for (const query of ['?year=abc', '?year=1899', '?year=2101', '?year=2025.5']) {
      const response = await ownYear(reader, query);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).message, query).toBe(t25.yearInvalid);
    }
    const image = await call(t.app, 'GET', '/api/profile/reading-year/20x5/share.svg', {
      cookie: reader.cookie,
    });
    expect(image.statusCode).toBe(400);
    expect(errorOf(image).message).toBe(t25.yearInvalid);
  });

  it('is for members: guests 403, signed out 401', async () => {
    const guest = await createGuest(t.app);
    const asGuest = await call(t.app, 'GET', '/api/profile/reading-year', { cookie: guest });
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest).message).toBe(messages.access.loginRequired);
    expect((await call(t.app, 'GET', '/api/profile/reading-year')).statusCode).toBe(401);
    expect((await userYear(guest, reader.id)).statusCode).toBe(403);
    expect((await userYear(undefined, reader.id)).statusCode).toBe(401);
    const image = await call(t.app, 'GET', '/api/profile/reading-year/2025/share.png');
    expect(image.statusCode).toBe(401);
  });
});

describe('the share image', () => {
  it('draws the headline numbers as SVG with the alt text as its description', async () => {
    const response = await call(t.app, 'GET', '/api/profile/reading-year/2025/share.svg', {
      cookie: reader.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const svg = response.body;
    expect(svg).toContain('<title id="year-title">My 2025 in books</title>');
    expect(svg).toContain('1,247');
    expect(svg).toContain('Cien años de soledad');
    expect(svg).toContain('<desc id="year-desc">2025 in books: 5 books, 1,247 pages;');
    // Nothing of the reader's account: no email, no name.
    expect(svg).not.toContain(reader.email);
    expect(svg).not.toContain(reader.email.split('@')[0]);
  });

  it('renders a 1200 x 630 PNG', async () => {
    const response = await call(t.app, 'GET', '/api/profile/reading-year/2025/share.png', {
      cookie: reader.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = response.rawPayload;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

describe("another reader's year", () => {
  /** The profile route and the year route answer alike: the same status, the same access. */
  async function answersAsProfile(viewer: string | undefined, userId: string) {
    const profile = await userProfile(viewer, userId);
    const year = await userYear(viewer, userId, '?year=2025');
    expect(year.statusCode).toBe(profile.statusCode);
    if (profile.statusCode === 200) {
      expect(year.json<UserReadingYearResponse>().access).toBe(
        profile.json<{ access: string }>().access,
      );
    } else {
      expect(errorOf(year)).toEqual(errorOf(profile));
    }
    return year;
  }

  it('shows the year to everyone when the profile is for everyone, shared cards only', async () => {
    const other = await createUser(t.app);
    const response = await answersAsProfile(other.cookie, reader.id);
    expect(response.statusCode).toBe(200);
    const body = response.json<UserReadingYearResponse>();
    expect(body).toEqual({
      access: 'full',
      reading: expected2025(),
      alt: expect.stringMatching(/^2025 in books: 5 books/) as unknown,
    });
  });

  it('hides a club card of the reader from others but shows it to the reader', async () => {
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner, { name: 'Year Circle' });
    const { db } = t.app.deps.database;
    await db.updateTable('grids').set({ clubId: club.id }).where('id', '=', gridId).execute();
    try {
      const other = await createUser(t.app);
      const seen = (await userYear(other.cookie, reader.id, '?year=2025')).json<
        Extract<UserReadingYearResponse, { access: 'full' }>
      >();
      expect(seen.reading.cards).toEqual([]);
      const own = (await ownYear(reader, '?year=2025')).json<OwnReadingYearResponse>();
      expect(own.reading.cards).toHaveLength(1);
    } finally {
      await db.updateTable('grids').set({ clubId: null }).where('id', '=', gridId).execute();
    }
  });

  it('follows friends-only and only-me visibility exactly as the profile does', async () => {
    const owner = await createUser(t.app);
    await addFixtureBook(owner.id, { ...BOOKS[1]!, title: 'Owner Book' });
    const friend = await createUser(t.app);
    const stranger = await createUser(t.app);
    await befriend(t.app, owner.id, friend.id);

    await setVisibility(owner, 'friends');
    const fromFriend = await answersAsProfile(friend.cookie, owner.id);
    expect(fromFriend.json<UserReadingYearResponse>()).toMatchObject({
      access: 'full',
      reading: { year: 2025, booksRead: 1 },
    });
    const fromStranger = await answersAsProfile(stranger.cookie, owner.id);
    expect(fromStranger.statusCode).toBe(200);
    expect(fromStranger.json()).toEqual({ access: 'hidden' });

    await setVisibility(owner, 'only_me');
    expect((await answersAsProfile(friend.cookie, owner.id)).json()).toEqual({
      access: 'hidden',
    });
    // Always one's own.
    const self = await answersAsProfile(owner.cookie, owner.id);
    expect(self.json<UserReadingYearResponse>().access).toBe('full');
  });

  it('is hidden across a block, either way', async () => {
    const owner = await createUser(t.app);
    const blocked = await createUser(t.app);
    const blocker = await createUser(t.app);
    expect(
      (await call(t.app, 'PUT', `/api/blocks/${blocked.id}`, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'PUT', `/api/blocks/${owner.id}`, { cookie: blocker.cookie })).statusCode,
    ).toBe(200);
    expect((await answersAsProfile(blocked.cookie, owner.id)).json()).toEqual({
      access: 'hidden',
    });
    expect((await answersAsProfile(blocker.cookie, owner.id)).json()).toEqual({
      access: 'hidden',
    });
  });

  it('answers 404 for no such reader and for a guest, as the profile route does', async () => {
    const other = await createUser(t.app);
    const missing = await answersAsProfile(other.cookie, 'no-such-reader');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(messages.profile.notFound);
    const guestCookie = await createGuest(t.app);
    const me = await call(t.app, 'GET', '/api/me', { cookie: guestCookie });
    const guestId = me.json<{ user: { id: string } }>().user.id;
    expect((await answersAsProfile(other.cookie, guestId)).statusCode).toBe(404);
  });
});
