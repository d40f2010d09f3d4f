import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type {
  FinishedBookResponse,
  FinishedBooksResponse,
  WantToReadBookResponse,
  WantToReadResponse,
} from '../../src/lib/schemas/library';
import {
  addWantToRead,
  createBook,
  createFinishedBook,
  createMemberRow,
  uniqueIsbn,
} from '../helpers/factories';
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
let guestCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.app);
  guestCookie = await createGuest(t.app);
});
afterAll(() => t.close());

const as = (cookie: string | undefined) => (cookie ? { cookie } : {});

const finishedRows = (userId: string) =>
  t.app.deps.database.db
    .selectFrom('finishedBooks')
    .select(['bookIsbn', 'rating', 'ratingDate'])
    .where('userId', '=', userId)
    .orderBy('bookIsbn')
    .execute();
const wantRows = (userId: string) =>
  t.app.deps.database.db
    .selectFrom('wantToRead')
    .select(['bookIsbn'])
    .where('userId', '=', userId)
    .orderBy('bookIsbn')
    .execute();

describe('finished books', () => {
  it("lists the reader's own finished books, latest first, and no one else's", async () => {
    const user = await createUser(t.app);
    const other = await createMemberRow(t.app);
    const noCover = await createBook(t.app, { coverUrl: null });
    await createFinishedBook(t.app, user.id, {
      book: noCover,
      finishedAt: '2030-01-01T00:00:00.000Z',
    });
    const rated = await createFinishedBook(t.app, user.id, {
      rating: 4,
      review: '<p>Lovely</p>',
      finishedAt: '2030-02-01T00:00:00.000Z',
    });
    await createFinishedBook(t.app, other.id);

    const response = await call(t.app, 'GET', '/api/finished-books', as(user.cookie));
    expect(response.statusCode).toBe(200);
    const body = response.json<FinishedBooksResponse>();
    expect(body.count).toBe(2);
    expect(body.books).toEqual([
      {
        isbn: rated.isbn,
        title: rated.title,
        author: rated.authors,
        coverUrl: rated.coverUrl,
        rating: 4,
        review: '<p>Lovely</p>',
        ratedAt: '2030-02-01T00:00:00.000Z',
        finishedAt: '2030-02-01T00:00:00.000Z',
      },
      {
        isbn: noCover.isbn,
        title: noCover.title,
        author: noCover.authors,
        coverUrl: `/api/books/${noCover.isbn}/cover.svg`,
        rating: null,
        review: null,
        ratedAt: null,
        finishedAt: '2030-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('adds a catalogue book the reader has read, by ISBN-13 or ISBN-10', async () => {
    const user = await createUser(t.app);
    const hobbit = await createBook(t.app, { isbn: '9780261103344', title: 'The Hobbit' });
    const response = await call(t.app, 'POST', '/api/finished-books', {
      ...as(user.cookie),
      body: { isbn: '0-261-10334-2' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<FinishedBookResponse>();
    expect(body.message).toBe(messages.book.added);
    expect(body.book).toMatchObject({ isbn: hobbit.isbn, title: 'The Hobbit', rating: null });
    expect(await finishedRows(user.id)).toEqual([
      { bookIsbn: hobbit.isbn, rating: null, ratingDate: null },
    ]);
  });

  it("refuses a book that is on the list already: 'You've already added this book'", async () => {
    const user = await createUser(t.app);
    const book = await createFinishedBook(t.app, user.id, { rating: 3 });
    const response = await call(t.app, 'POST', '/api/finished-books', {
      ...as(user.cookie),
      body: { isbn: book.isbn },
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(messages.book.alreadyAdded);
    expect(await finishedRows(user.id)).toEqual([
      expect.objectContaining({ bookIsbn: book.isbn, rating: 3 }),
    ]);
  });

  it('refuses a book the catalogue does not know, and an ISBN that is not one', async () => {
    const user = await createUser(t.app);
    const unknown = await call(t.app, 'POST', '/api/finished-books', {
      ...as(user.cookie),
      body: { isbn: uniqueIsbn() },
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(messages.book.notFound);
    for (const isbn of ['9780261103345', 'hedgehog', '']) {
      const invalid = await call(t.app, 'POST', '/api/finished-books', {
        ...as(user.cookie),
        body: { isbn },
      });
      expect(invalid.statusCode).toBe(400);
      expect(errorOf(invalid).message).toBe(messages.bingo.invalidIsbn);
    }
    expect(await finishedRows(user.id)).toEqual([]);
  });

  it('rates a finished book from 1 to 5 stars', async () => {
    const user = await createUser(t.app);
    const book = await createFinishedBook(t.app, user.id);
    for (const rating of [1, 5]) {
      const response = await call(t.app, 'PATCH', `/api/finished-books/${book.isbn}`, {
        ...as(user.cookie),
        body: { rating },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<FinishedBookResponse>();
      expect(body.message).toBe(messages.book.ratingUpdated);
      expect(body.book.rating).toBe(rating);
      expect(body.book.ratedAt).not.toBeNull();
    }
    expect((await finishedRows(user.id))[0]!.rating).toBe(5);
  });

  it('refuses a rating outside 1 to 5 whole stars, keeping the old one', async () => {
    const user = await createUser(t.app);
    const book = await createFinishedBook(t.app, user.id, { rating: 2 });
    for (const rating of [0, 6, 3.5, -1, '4', null]) {
      const response = await call(t.app, 'PATCH', `/api/finished-books/${book.isbn}`, {
        ...as(user.cookie),
        body: { rating },
      });
      expect(response.statusCode, String(rating)).toBe(400);
      expect(errorOf(response).message).toBe(messages.book.ratingInvalid);
    }
    expect((await finishedRows(user.id))[0]!.rating).toBe(2);
  });

  it("rates and removes only the reader's own books: another's answer 'not in your list'", async () => {
    const owner = await createUser(t.app);
    const intruder = await createUser(t.app);
    const book = await createFinishedBook(t.app, owner.id, { rating: 2 });
    const rate = await call(t.app, 'PATCH', `/api/finished-books/${book.isbn}`, {
      ...as(intruder.cookie),
      body: { rating: 5 },
    });
    expect(rate.statusCode).toBe(404);
    expect(errorOf(rate).message).toBe(messages.book.notInFinished);
    const remove = await call(
      t.app,
      'DELETE',
      `/api/finished-books/${book.isbn}`,
      as(intruder.cookie),
    );
    expect(remove.statusCode).toBe(404);
    expect(errorOf(remove).message).toBe(messages.book.notInFinished);
    expect(await finishedRows(owner.id)).toEqual([
      expect.objectContaining({ bookIsbn: book.isbn, rating: 2 }),
    ]);
  });

  it('removes a finished book, and answers one that is not there', async () => {
    const user = await createUser(t.app);
    const book = await createFinishedBook(t.app, user.id);
    const path = `/api/finished-books/${book.isbn}`;
    const response = await call(t.app, 'DELETE', path, as(user.cookie));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.book.removed });
    expect(await finishedRows(user.id)).toEqual([]);
    const again = await call(t.app, 'DELETE', path, as(user.cookie));
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(messages.book.notInFinished);
    const rateGone = await call(t.app, 'PATCH', path, { ...as(user.cookie), body: { rating: 3 } });
    expect(rateGone.statusCode).toBe(404);
    expect(errorOf(rateGone).message).toBe(messages.book.notInFinished);
  });

  it('is for signed-in readers only, and changes nothing for anyone else', async () => {
    const book = await createFinishedBook(t.app, reader.id, { rating: 3 });
    const catalogue = await createBook(t.app);
    const attempts = [
      ['GET', '/api/finished-books', undefined],
      ['POST', '/api/finished-books', { isbn: catalogue.isbn }],
      ['PATCH', `/api/finished-books/${book.isbn}`, { rating: 1 }],
      ['DELETE', `/api/finished-books/${book.isbn}`, undefined],
    ] as const;
    for (const [method, url, body] of attempts) {
      const asGuest = await call(t.app, method, url, { cookie: guestCookie, body });
      expect(asGuest.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(asGuest).message).toBe(
        method === 'POST' ? messages.book.pleaseLogInToAdd : messages.access.loginRequired,
      );
      const signedOut = await call(t.app, method, url, { body });
      expect(signedOut.statusCode).toBe(401);
      expect(errorOf(signedOut).message).toBe(messages.access.loginRequired);
    }
    expect(await finishedRows(reader.id)).toEqual([
      expect.objectContaining({ bookIsbn: book.isbn, rating: 3 }),
    ]);
  });
});

describe('want to read', () => {
  it('lists the reader’s own books with their count, newest first', async () => {
    const user = await createUser(t.app);
    const older = await addWantToRead(t.app, user.id, { addedAt: '2030-01-01T00:00:00.000Z' });
    const newer = await addWantToRead(t.app, user.id, { addedAt: '2030-03-01T00:00:00.000Z' });
    await addWantToRead(t.app, (await createMemberRow(t.app)).id);
    const response = await call(t.app, 'GET', '/api/want-to-read', as(user.cookie));
    expect(response.statusCode).toBe(200);
    const body = response.json<WantToReadResponse>();
    expect(body.count).toBe(2);
    expect(body.books.map((b) => b.isbn)).toEqual([newer.isbn, older.isbn]);
    expect(body.books[0]).toEqual({
      isbn: newer.isbn,
      title: newer.title,
      author: newer.authors,
      coverUrl: newer.coverUrl,
      addedAt: '2030-03-01T00:00:00.000Z',
    });
  });

  it('adds a catalogue book once; a second time is refused', async () => {
    const user = await createUser(t.app);
    const book = await createBook(t.app);
    const add = () =>
      call(t.app, 'POST', '/api/want-to-read', { ...as(user.cookie), body: { isbn: book.isbn } });
    const first = await add();
    expect(first.statusCode).toBe(201);
    const body = first.json<WantToReadBookResponse>();
    expect(body.message).toBe(messages.wantToRead.added);
    expect(body.book).toMatchObject({ isbn: book.isbn, title: book.title });
    const second = await add();
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).message).toBe(messages.wantToRead.alreadyListed);
    expect(await wantRows(user.id)).toEqual([{ bookIsbn: book.isbn }]);
  });

  it('refuses a book the catalogue does not know, and an ISBN that is not one', async () => {
    const user = await createUser(t.app);
    const unknown = await call(t.app, 'POST', '/api/want-to-read', {
      ...as(user.cookie),
      body: { isbn: uniqueIsbn() },
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(messages.book.notFound);
    const invalid = await call(t.app, 'POST', '/api/want-to-read', {
      ...as(user.cookie),
      body: { isbn: '12345' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).message).toBe(messages.bingo.invalidIsbn);
    expect(await wantRows(user.id)).toEqual([]);
  });

  it('removes a listed book, and answers one that is not listed', async () => {
    const user = await createUser(t.app);
    const book = await addWantToRead(t.app, user.id);
    const path = `/api/want-to-read/${book.isbn}`;
    const response = await call(t.app, 'DELETE', path, as(user.cookie));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.wantToRead.removed });
    expect(await wantRows(user.id)).toEqual([]);
    const again = await call(t.app, 'DELETE', path, as(user.cookie));
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(messages.wantToRead.notListed);
  });

  it("never removes another reader's book", async () => {
    const owner = await createUser(t.app);
    const intruder = await createUser(t.app);
    const book = await addWantToRead(t.app, owner.id);
    const response = await call(
      t.app,
      'DELETE',
      `/api/want-to-read/${book.isbn}`,
      as(intruder.cookie),
    );
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(messages.wantToRead.notListed);
    expect(await wantRows(owner.id)).toEqual([{ bookIsbn: book.isbn }]);
  });

  it('is for signed-in readers only, and changes nothing for anyone else', async () => {
    const book = await addWantToRead(t.app, reader.id);
    const other = await createBook(t.app);
    const attempts = [
      ['GET', '/api/want-to-read', undefined],
      ['POST', '/api/want-to-read', { isbn: other.isbn }],
      ['DELETE', `/api/want-to-read/${book.isbn}`, undefined],
    ] as const;
    for (const [method, url, body] of attempts) {
      const asGuest = await call(t.app, method, url, { cookie: guestCookie, body });
      expect(asGuest.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(asGuest).message).toBe(
        method === 'POST' ? messages.wantToRead.pleaseLogIn : messages.access.loginRequired,
      );
      const signedOut = await call(t.app, method, url, { body });
      expect(signedOut.statusCode).toBe(401);
    }
    expect(await wantRows(reader.id)).toEqual([{ bookIsbn: book.isbn }]);
  });
});
