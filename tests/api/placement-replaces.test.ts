import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { PlaceBookResponse } from '../../src/lib/schemas/bingo';
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

// Issue 26: a placement made offline says what its square held when the reader chose
// (`replaces`); a square filled from another device meanwhile is refused, not replaced.

let t: TestApp;
let grid: TestGrid;
const [, FELLOWSHIP, PRIDE] = FIXTURE_BOOKS.map((b) => b.isbn13);

beforeAll(async () => {
  t = await createTestApp();
  await addBooks(t.app);
  grid = await createGrid(t.app, { admin: await createUser(t.app, { role: 'admin' }) });
});
afterAll(() => t.close());

function place(
  reader: TestUser,
  cellId: string,
  isbn: string,
  replaces?: string | null,
  key?: string,
) {
  return call(t.app, 'POST', '/api/bingo/placements', {
    cookie: reader.cookie,
    body: replaces === undefined ? { cellId, isbn } : { cellId, isbn, replaces },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

async function bookOn(reader: TestUser, cellId: string) {
  const row = await t.app.deps.database.db
    .selectFrom('placements')
    .select('bookIsbn')
    .where('userId', '=', reader.id)
    .where('cellId', '=', cellId)
    .executeTakeFirst();
  return row?.bookIsbn ?? null;
}

describe('a placement that names what its square held (replaces)', () => {
  it('places on a square still empty, and replaces the book it names', async () => {
    const reader = await createUser(t.app);
    const first = await place(reader, grid.cells[0]!, HOBBIT.isbn13, null);
    expect(first.statusCode).toBe(200);
    expect(first.json<PlaceBookResponse>()).toMatchObject({ outcome: 'placed', pointsEarned: 10 });
    const second = await place(reader, grid.cells[0]!, FELLOWSHIP!, HOBBIT.isbn13);
    expect(second.statusCode).toBe(200);
    expect(second.json<PlaceBookResponse>()).toMatchObject({ outcome: 'replaced' });
    expect(await bookOn(reader, grid.cells[0]!)).toBe(FELLOWSHIP);
  });

  it('refuses a square filled from another device meanwhile, and changes nothing', async () => {
    const reader = await createUser(t.app);
    // The other device fills the square; the offline placement thought it empty.
    expect((await place(reader, grid.cells[1]!, HOBBIT.isbn13)).statusCode).toBe(200);
    const refused = await place(reader, grid.cells[1]!, PRIDE!, null, 'queued-1');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'SQUARE_CHANGED',
      message: messages.offlineQueue.squareChanged,
    });
    // Another book since the one it named: refused too.
    const stale = await place(reader, grid.cells[1]!, PRIDE!, FELLOWSHIP);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(messages.offlineQueue.squareChanged);
    expect(await bookOn(reader, grid.cells[1]!)).toBe(HOBBIT.isbn13);
    expect(await scoreOf(t.app, reader.id)).toMatchObject({ points: 10, sum: 10 });
    // A refusal keeps no key: the same key is answered by a fresh decision, still a refusal.
    expect((await place(reader, grid.cells[1]!, PRIDE!, null, 'queued-1')).statusCode).toBe(409);
  });

  it('answers a retry under the same key with the first answer, though the square now holds it', async () => {
    const reader = await createUser(t.app);
    const first = await place(reader, grid.cells[2]!, HOBBIT.isbn13, null, 'queued-2');
    const again = await place(reader, grid.cells[2]!, HOBBIT.isbn13, null, 'queued-2');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await scoreOf(t.app, reader.id)).toMatchObject({ points: 10, sum: 10 });
  });

  it('refuses a replaces that is not a string or null', async () => {
    const reader = await createUser(t.app);
    const bad = await call(t.app, 'POST', '/api/bingo/placements', {
      cookie: reader.cookie,
      body: { cellId: grid.cells[3]!, isbn: HOBBIT.isbn13, replaces: 42 },
    });
    expect(bad.statusCode).toBe(400);
    expect(await bookOn(reader, grid.cells[3]!)).toBeNull();
  });
});
