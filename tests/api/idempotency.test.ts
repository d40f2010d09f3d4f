import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { PlaceBookResponse } from '../../src/lib/schemas/bingo';
import type { PostReviewResponse } from '../../src/lib/schemas/reviews';
import { createGrid, scoreOf, type TestGrid } from '../helpers/bingo';
import { addBooks, FIXTURE_BOOKS, HOBBIT } from '../helpers/books';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

// Issue 26: a placement or a review sent again under its Idempotency-Key (a retry, the offline
// queue, a second tab) is applied once; the second answer is the first one again.

let t: TestApp;
let grid: TestGrid;
const [, FELLOWSHIP, PRIDE] = FIXTURE_BOOKS.map((b) => b.isbn13);

beforeAll(async () => {
  t = await createTestApp();
  await addBooks(t.app);
  grid = await createGrid(t.app, { admin: await createUser(t.app, { role: 'admin' }) });
});
afterAll(() => t.close());

function place(reader: TestUser, cellId: string, isbn: string, key?: string) {
  return call(t.app, 'POST', '/api/bingo/placements', {
    cookie: reader.cookie,
    body: { cellId, isbn },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

function review(reader: TestUser, isbn: string, text: string, key?: string) {
  return call(t.app, 'POST', '/api/reviews', {
    cookie: reader.cookie,
    body: { isbn, text, rating: 4 },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

async function placementCount(userId: string) {
  const rows = await t.app.deps.database.db
    .selectFrom('placements')
    .select('id')
    .where('userId', '=', userId)
    .execute();
  return rows.length;
}

async function postCount(userId: string) {
  const rows = await t.app.deps.database.db
    .selectFrom('blogPosts')
    .select('id')
    .where('userId', '=', userId)
    .execute();
  return rows.length;
}

describe('placements with an Idempotency-Key', () => {
  it('applies a placement sent twice in turn once, and answers the second with the first answer', async () => {
    const reader = await createUser(t.app);
    const first = await place(reader, grid.cells[0]!, HOBBIT.isbn13, 'offline-1');
    const second = await place(reader, grid.cells[0]!, HOBBIT.isbn13, 'offline-1');

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const answer = first.json<PlaceBookResponse>();
    expect(answer).toMatchObject({ outcome: 'placed', pointsEarned: 10, totalPoints: 10 });
    // Without the key the same request would answer 'unchanged' with no points: this is a replay.
    expect(second.json()).toEqual(answer);
    expect(await placementCount(reader.id)).toBe(1);
    expect(await scoreOf(t.app, reader.id)).toMatchObject({ points: 10, sum: 10 });
  });

  it('applies the same placement sent five times at once exactly once', async () => {
    const reader = await createUser(t.app);
    // A line's worth first, so a second application would show in the points too.
    for (const [position, isbn] of [
      [0, FELLOWSHIP],
      [1, PRIDE],
    ] as const) {
      expect((await place(reader, grid.cells[position]!, isbn!)).statusCode).toBe(200);
    }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => place(reader, grid.cells[2]!, HOBBIT.isbn13, 'tab-race')),
    );

    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const bodies = answers.map((a) => a.json<PlaceBookResponse>());
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ outcome: 'placed', pointsEarned: 10 });
    expect(await placementCount(reader.id)).toBe(3);
    expect(await scoreOf(t.app, reader.id)).toMatchObject({ points: 30, sum: 30 });
  });

  it('refuses a key used for another square or book with the exact text, and changes nothing', async () => {
    const reader = await createUser(t.app);
    expect((await place(reader, grid.cells[0]!, HOBBIT.isbn13, 'k-1')).statusCode).toBe(200);

    const otherSquare = await place(reader, grid.cells[1]!, FELLOWSHIP!, 'k-1');
    expect(otherSquare.statusCode).toBe(422);
    expect(errorOf(otherSquare)).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: messages.idempotency.keyReused,
    });
    expect(await placementCount(reader.id)).toBe(1);
    expect(await scoreOf(t.app, reader.id)).toMatchObject({ points: 10, sum: 10 });
  });

  it('refuses a malformed key with the exact text before anything is written', async () => {
    const reader = await createUser(t.app);
    for (const key of ['', 'has space', 'x'.repeat(129), 'émoji']) {
      const response = await place(reader, grid.cells[0]!, HOBBIT.isbn13, key);
      expect(response.statusCode, key).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'BAD_IDEMPOTENCY_KEY',
        message: messages.idempotency.badKey,
      });
    }
    expect(await placementCount(reader.id)).toBe(0);
  });

  it("keeps each reader's keys apart", async () => {
    const one = await createUser(t.app);
    const two = await createUser(t.app);
    await place(one, grid.cells[0]!, HOBBIT.isbn13, 'shared-name');
    const theirs = await place(two, grid.cells[5]!, FELLOWSHIP!, 'shared-name');

    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<PlaceBookResponse>()).toMatchObject({ outcome: 'placed' });
    expect(await placementCount(two.id)).toBe(1);
  });

  it('forgets a key after a day: the request is then decided afresh', async () => {
    const reader = await createUser(t.app);
    await place(reader, grid.cells[0]!, HOBBIT.isbn13, 'yesterday');
    await t.app.deps.database.db
      .updateTable('idempotencyKeys')
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .where('userId', '=', reader.id)
      .execute();

    const again = await place(reader, grid.cells[0]!, HOBBIT.isbn13, 'yesterday');
    expect(again.json<PlaceBookResponse>()).toMatchObject({
      outcome: 'unchanged',
      pointsEarned: 0,
    });
    const kept = await t.app.deps.database.db
      .selectFrom('idempotencyKeys')
      .select('createdAt')
      .where('userId', '=', reader.id)
      .execute();
    expect(kept).toHaveLength(1);
    expect(Date.now() - new Date(kept[0]!.createdAt).getTime()).toBeLessThan(60_000);
  });

  it('keeps no key for a refused placement: the same key may then succeed', async () => {
    const reader = await createUser(t.app);
    const refused = await place(reader, grid.cells[0]!, '9780000000000', 'retry-me');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    // Another book under the key: the refused request left no key, so this is a new request.
    const ok = await place(reader, grid.cells[0]!, HOBBIT.isbn13, 'retry-me');
    expect(ok.statusCode).toBe(200);
    expect(await placementCount(reader.id)).toBe(1);
  });
});

describe('reviews with an Idempotency-Key', () => {
  it('posts a review sent twice, in turn and at once, once', async () => {
    const reader = await createUser(t.app);
    const first = await review(reader, HOBBIT.isbn13, 'A fine walk.', 'review-1');
    const again = await Promise.all([
      review(reader, HOBBIT.isbn13, 'A fine walk.', 'review-1'),
      review(reader, HOBBIT.isbn13, 'A fine walk.', 'review-1'),
    ]);

    expect([first, ...again].map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const post = first.json<PostReviewResponse>().post;
    for (const response of again) expect(response.json<PostReviewResponse>().post).toEqual(post);
    expect(await postCount(reader.id)).toBe(1);
  });

  it('refuses the key for a different review with the exact text', async () => {
    const reader = await createUser(t.app);
    await review(reader, HOBBIT.isbn13, 'First words.', 'review-2');
    const changed = await review(reader, HOBBIT.isbn13, 'Other words.', 'review-2');

    expect(changed.statusCode).toBe(422);
    expect(errorOf(changed).message).toBe(messages.idempotency.keyReused);
    expect(await postCount(reader.id)).toBe(1);
  });

  it('posts a review without a key every time, as before', async () => {
    const reader = await createUser(t.app);
    await review(reader, HOBBIT.isbn13, 'Once.');
    await review(reader, HOBBIT.isbn13, 'Once.');
    expect(await postCount(reader.id)).toBe(2);
  });
});
