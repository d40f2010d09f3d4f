import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MAX } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type { PostReviewResponse } from '../../src/lib/schemas/reviews';
import { createGrid, placeOk, type TestGrid } from '../helpers/bingo';
import { addBooks, FIXTURE_BOOKS, HOBBIT } from '../helpers/books';
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
let grid: TestGrid;

const DUNE = FIXTURE_BOOKS[3]!.isbn13;

beforeAll(async () => {
  t = await createTestApp();
  await addBooks(t.app);
  grid = await createGrid(t.app);
});
afterAll(() => t.close());

function postReview(cookie: string, body: unknown) {
  return call(t.app, 'POST', '/api/reviews', { cookie, body });
}

/** A reader who just placed The Hobbit, as the review modal expects. */
async function readerWithPlacement(): Promise<TestUser> {
  const reader = await createUser(t.app);
  await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
  return reader;
}

async function storedFor(userId: string) {
  const { db } = t.app.deps.database;
  const posts = await db.selectFrom('blogPosts').selectAll().where('userId', '=', userId).execute();
  const finished = await db
    .selectFrom('finishedBooks')
    .selectAll()
    .where('userId', '=', userId)
    .execute();
  return { posts, finished };
}

/** No post, and the placed book (issue 9: a placed book is a book read) still unrated. */
async function expectNothingReviewed(userId: string) {
  const { posts, finished } = await storedFor(userId);
  expect(posts).toEqual([]);
  expect(finished).toEqual([
    expect.objectContaining({ bookIsbn: HOBBIT.isbn13, rating: null, review: null }),
  ]);
}

describe('posting a review', () => {
  it('stores a blog post and rates the finished book in one go', async () => {
    const reader = await readerWithPlacement();
    const response = await postReview(reader.cookie, {
      isbn: HOBBIT.isbn13,
      text: '  A <b>lovely</b> adventure.  ',
      rating: 5,
    });
    expect(response.statusCode).toBe(201);
    const { message, post } = response.json<PostReviewResponse>();
    expect(message).toBe(messages.review.posted);
    expect(post).toMatchObject({
      userId: reader.id,
      bookIsbn: HOBBIT.isbn13,
      bookTitle: 'The Hobbit',
      coverUrl: `/api/books/${HOBBIT.isbn13}/cover.svg`,
      body: 'A <b>lovely</b> adventure.',
      rating: 5,
    });
    expect(post.username).toMatch(/^reader/);
    expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);

    const { posts, finished } = await storedFor(reader.id);
    expect(posts).toEqual([
      expect.objectContaining({ id: post.id, body: 'A <b>lovely</b> adventure.', rating: 5 }),
    ]);
    expect(finished).toEqual([
      expect.objectContaining({
        id: `${reader.id}_${HOBBIT.isbn13}`,
        bookIsbn: HOBBIT.isbn13,
        title: 'The Hobbit',
        author: 'J.R.R. Tolkien',
        rating: 5,
        review: 'A <b>lovely</b> adventure.',
      }),
    ]);
    expect(finished[0]!.ratingDate).not.toBeNull();
    expect(finished[0]!.finishedAt).not.toBeNull();
  });

  it('updates the rating of a book reviewed again, keeping when it was finished', async () => {
    const reader = await readerWithPlacement();
    await postReview(reader.cookie, { isbn: HOBBIT.isbn13, text: 'First read.', rating: 3 });
    const before = (await storedFor(reader.id)).finished[0]!;
    const again = await postReview(reader.cookie, {
      isbn: HOBBIT.isbn13,
      text: 'Better.',
      rating: 4,
    });
    expect(again.statusCode).toBe(201);
    const { posts, finished } = await storedFor(reader.id);
    expect(posts).toHaveLength(2);
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ rating: 4, review: 'Better.' });
    expect(finished[0]!.finishedAt).toEqual(before.finishedAt);
  });

  it('sanitises the text: basic formatting stays, links, scripts and attributes go', async () => {
    const reader = await readerWithPlacement();
    const response = await postReview(reader.cookie, {
      isbn: HOBBIT.isbn13,
      text:
        '<p onclick="steal()">Read <a href="https://evil.example">this</a></p>' +
        '<script>alert(1)</script><img src=x onerror=alert(2)><i>now</i><br><em style="color:red">!</em>' +
        '<strong>Fish & chips</strong>',
      rating: 4,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<PostReviewResponse>().post.body).toBe(
      '<p>Read this</p><i>now</i><br /><em>!</em><strong>Fish &amp; chips</strong>',
    );
  });

  it('accepts exactly 2000 characters', async () => {
    const reader = await readerWithPlacement();
    const response = await postReview(reader.cookie, {
      isbn: HOBBIT.isbn13,
      text: 'x'.repeat(REVIEW_MAX),
      rating: 1,
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('refusals', () => {
  it.each([
    ['an empty text', { text: '', rating: 5 }, messages.review.textRequired],
    ['a blank text', { text: '   \n ', rating: 5 }, messages.review.textRequired],
    ['no text', { rating: 5 }, messages.review.textRequired],
    [
      'a text of markup only',
      { text: '<script>alert(1)</script>', rating: 5 },
      messages.review.textRequired,
    ],
    ['2001 characters', { text: 'x'.repeat(REVIEW_MAX + 1), rating: 5 }, messages.review.tooLong],
    ['no rating', { text: 'Nice.' }, messages.review.ratingRequired],
    ['a rating of 0', { text: 'Nice.', rating: 0 }, messages.review.ratingRequired],
    ['a rating of 6', { text: 'Nice.', rating: 6 }, messages.review.ratingRequired],
    ['a rating of 3.5', { text: 'Nice.', rating: 3.5 }, messages.review.ratingRequired],
    ['a rating as text', { text: 'Nice.', rating: '5' }, messages.review.ratingRequired],
    ['a bad ISBN', { isbn: '123', text: 'Nice.', rating: 5 }, messages.bingo.invalidIsbn],
  ])('refuses %s with a clear text and stores nothing', async (_label, body, message) => {
    const reader = await readerWithPlacement();
    const response = await postReview(reader.cookie, { isbn: HOBBIT.isbn13, ...body });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(message);
    await expectNothingReviewed(reader.id);
  });

  it('refuses a book the catalogue does not hold', async () => {
    const reader = await readerWithPlacement();
    const response = await postReview(reader.cookie, {
      isbn: '9780000000002',
      text: 'Nice.',
      rating: 5,
    });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(messages.book.notFound);
    await expectNothingReviewed(reader.id);
  });

  it('refuses guests and signed-out visitors, storing nothing', async () => {
    const guest = await createGuest(t.app);
    const asGuest = await postReview(guest, { isbn: DUNE, text: 'Nice.', rating: 5 });
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest).message).toBe(messages.access.loginRequired);
    const anonymous = await call(t.app, 'POST', '/api/reviews', {
      body: { isbn: DUNE, text: 'Nice.', rating: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
    const count = await t.app.deps.database.db
      .selectFrom('blogPosts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bookIsbn', '=', DUNE)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
