import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import { READING_RATE_LIMITS } from '../../src/server/http/rate-limit-rules';
import { messages } from '../../src/lib/messages';
import type {
  BingoCardResponse,
  PlaceBookResponse,
  ResetGridResponse,
} from '../../src/lib/schemas/bingo';
import { createGrid, placeBook, placeOk, scoreOf, type TestGrid } from '../helpers/bingo';
import { addBooks, FILLER_BOOKS, FIXTURE_BOOKS, HOBBIT, HOBBIT_ISBN10 } from '../helpers/books';
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
let admin: TestUser;
let grid: TestGrid;

const [, FELLOWSHIP, PRIDE, DUNE] = FIXTURE_BOOKS.map((b) => b.isbn13);
const FILLERS = FILLER_BOOKS.map((b) => b.isbn13);

beforeAll(async () => {
  t = await createTestApp();
  await addBooks(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  grid = await createGrid(t.app, { admin });
});
afterAll(() => t.close());

/** A current grid of its own, for tests that make older grids historical. */
async function freshGrid(): Promise<TestGrid> {
  grid = await createGrid(t.app, { admin });
  return grid;
}

function cardOf(cookie: string, gridId = grid.id) {
  return call(t.app, 'GET', `/api/bingo/grids/${gridId}`, { cookie });
}

/** Asserts the stored points equal the sum of the placements' points (the invariant). */
async function expectConsistent(user: TestUser) {
  const score = await scoreOf(t.app, user.id);
  expect(score.points).toBe(score.sum);
  return score;
}

describe('the card', () => {
  it('refuses a signed-out visitor', async () => {
    const response = await call(t.app, 'GET', `/api/bingo/grids/${grid.id}`);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe(messages.access.loginRequired);
  });

  it('shows a guest the 16 challenges in order, no placements, 0 points and the reset date', async () => {
    await call(t.app, 'PUT', '/api/admin/reset-date', {
      cookie: admin.cookie,
      body: { date: '2030-05-31' },
    });
    const response = await cardOf(await createGuest(t.app));
    expect(response.statusCode).toBe(200);
    const card = response.json<BingoCardResponse>();
    expect(card.grid).toMatchObject({ id: grid.id, title: 'Test Challenge', isCurrent: true });
    expect(card.cells.map((c) => c.position)).toEqual([...Array(16).keys()]);
    expect(card.cells.map((c) => c.challenge)).toEqual([...DEFAULT_CHALLENGES]);
    expect(card.cells.every((c) => c.placement === null)).toBe(true);
    expect(card.points).toBe(0);
    expect(card.resetDate).toBe('2030-05-31T23:59:59.000Z');
  });

  it('answers an unknown grid with the not-found text', async () => {
    const user = await createUser(t.app);
    const response = await cardOf(user.cookie, 'no-such-grid');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(messages.bingo.gridNotFound);
  });

  it("shows the viewer's own placements only, with a cover for each", async () => {
    const reader = await createUser(t.app);
    const other = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[5]!, HOBBIT.isbn13);

    const mine = (await cardOf(reader.cookie)).json<BingoCardResponse>();
    expect(mine.cells[5]!.placement).toEqual({
      bookIsbn: HOBBIT.isbn13,
      bookTitle: 'The Hobbit',
      coverUrl: `/api/books/${HOBBIT.isbn13}/cover.svg`,
      isWildcard: false,
      points: 10,
      // Issue 11: this test grid's squares carry no rule, so nothing was checked.
      ruleMet: null,
    });
    expect(mine.points).toBe(10);
    const theirs = (await cardOf(other.cookie)).json<BingoCardResponse>();
    expect(theirs.cells.every((c) => c.placement === null)).toBe(true);
    expect(theirs.points).toBe(0);
  });
});

describe('placing a book', () => {
  it('earns 10 points for a first square, recorded on the placement and the user', async () => {
    const reader = await createUser(t.app);
    const response = await placeBook(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    expect(response.statusCode).toBe(200);
    expect(response.json<PlaceBookResponse>()).toEqual({
      placement: {
        cellId: grid.cells[0],
        position: 0,
        bookIsbn: HOBBIT.isbn13,
        bookTitle: 'The Hobbit',
        coverUrl: `/api/books/${HOBBIT.isbn13}/cover.svg`,
        isWildcard: false,
        points: 10,
        ruleMet: null,
      },
      outcome: 'placed',
      pointsEarned: 10,
      totalPoints: 10,
      message: messages.bingo.earnedPoints(10),
    });
    const score = await expectConsistent(reader);
    expect(score.placements).toEqual([
      expect.objectContaining({ bookIsbn: HOBBIT.isbn13, isWildcard: false, points: 10 }),
    ]);
  });

  it('accepts an ISBN-10 and stores the book under its ISBN-13', async () => {
    const reader = await createUser(t.app);
    const placed = await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT_ISBN10);
    expect(placed.placement.bookIsbn).toBe(HOBBIT.isbn13);
  });

  it('refuses guests with the save text and stores nothing', async () => {
    const guest = await createGuest(t.app);
    const response = await placeBook(t.app, guest, grid.cells[0]!, HOBBIT.isbn13);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(messages.bingo.mustLogInToSave);
    // Even a malformed body gets the guest text first.
    const malformed = await call(t.app, 'POST', '/api/bingo/placements', {
      cookie: guest,
      body: {},
    });
    expect(errorOf(malformed).message).toBe(messages.bingo.mustLogInToSave);
    const card = (await cardOf(guest)).json<BingoCardResponse>();
    expect(card.cells.every((c) => c.placement === null)).toBe(true);
    expect(card.points).toBe(0);
  });

  it('refuses a signed-out visitor', async () => {
    const response = await placeBook(t.app, '', grid.cells[0]!, HOBBIT.isbn13);
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not a number', 'not-an-isbn'],
    ['a wrong check digit', '9780261103345'],
    ['a number', 9780261103344],
  ])('refuses an ISBN that is %s with the invalid-ISBN text', async (_label, isbn) => {
    const reader = await createUser(t.app);
    const response = await call(t.app, 'POST', '/api/bingo/placements', {
      cookie: reader.cookie,
      body: { cellId: grid.cells[0], isbn },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.bingo.invalidIsbn);
    expect(await scoreOf(t.app, reader.id)).toEqual({ points: 0, sum: 0, placements: [] });
  });

  it('refuses a valid ISBN the catalogue does not hold with the book-not-found text', async () => {
    const reader = await createUser(t.app);
    const response = await placeBook(t.app, reader.cookie, grid.cells[0]!, '9780000000002');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(messages.book.notFound);
    expect(await scoreOf(t.app, reader.id)).toEqual({ points: 0, sum: 0, placements: [] });
  });

  it('refuses an unknown square', async () => {
    const reader = await createUser(t.app);
    const response = await placeBook(t.app, reader.cookie, 'no-such-cell', HOBBIT.isbn13);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(messages.bingo.gridNotFound);
  });

  it('uses a book a second time as the wildcard', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    const second = await placeOk(t.app, reader.cookie, grid.cells[7]!, HOBBIT.isbn13);
    expect(second.placement.isWildcard).toBe(true);
    expect(second.pointsEarned).toBe(10);
    expect(second.totalPoints).toBe(20);
    await expectConsistent(reader);
  });

  it('refuses a third use with the exact text and changes nothing', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    await placeOk(t.app, reader.cookie, grid.cells[1]!, HOBBIT.isbn13);
    const before = await scoreOf(t.app, reader.id);
    const third = await placeBook(t.app, reader.cookie, grid.cells[2]!, HOBBIT.isbn13);
    expect(third.statusCode).toBe(409);
    expect(errorOf(third).message).toBe(messages.bingo.bookUsedTwice);
    expect(await scoreOf(t.app, reader.id)).toEqual(before);
  });

  it('refuses a second wildcard with the exact text and changes nothing', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    await placeOk(t.app, reader.cookie, grid.cells[1]!, HOBBIT.isbn13);
    await placeOk(t.app, reader.cookie, grid.cells[2]!, DUNE!);
    const before = await scoreOf(t.app, reader.id);
    const response = await placeBook(t.app, reader.cookie, grid.cells[3]!, DUNE!);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(messages.bingo.wildcardUsed);
    expect(await scoreOf(t.app, reader.id)).toEqual(before);
  });

  it('replaces the book on a marked square for no points, keeping what the square earned', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[4]!, HOBBIT.isbn13);
    const response = await placeBook(t.app, reader.cookie, grid.cells[4]!, PRIDE!);
    expect(response.statusCode).toBe(200);
    const replaced = response.json<PlaceBookResponse>();
    expect(replaced).toMatchObject({
      outcome: 'replaced',
      pointsEarned: 0,
      totalPoints: 10,
      message: messages.bingo.bookReplaced,
      placement: { bookIsbn: PRIDE, bookTitle: 'Pride and Prejudice', points: 10 },
    });
    const score = await expectConsistent(reader);
    expect(score.placements.map((p) => p.bookIsbn)).toEqual([PRIDE]);
    // The replaced book is free again: it goes on another square normally.
    const again = await placeOk(t.app, reader.cookie, grid.cells[9]!, HOBBIT.isbn13);
    expect(again.placement.isWildcard).toBe(false);
  });

  it('treats the same book on its own square again as a replacement that changes nothing', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[4]!, HOBBIT.isbn13);
    const before = await scoreOf(t.app, reader.id);
    const again = await placeOk(t.app, reader.cookie, grid.cells[4]!, HOBBIT.isbn13);
    // Issue 22: the answer says the square already held it, so the page offers no second review.
    expect(again).toMatchObject({
      outcome: 'unchanged',
      pointsEarned: 0,
      message: messages.bingo.bookReplaced,
    });
    expect(await scoreOf(t.app, reader.id)).toEqual(before);
  });

  it('refuses to replace a square with a book already used twice', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    await placeOk(t.app, reader.cookie, grid.cells[1]!, HOBBIT.isbn13);
    await placeOk(t.app, reader.cookie, grid.cells[2]!, DUNE!);
    const before = await scoreOf(t.app, reader.id);
    const response = await placeBook(t.app, reader.cookie, grid.cells[2]!, HOBBIT.isbn13);
    expect(errorOf(response).message).toBe(messages.bingo.bookUsedTwice);
    expect(await scoreOf(t.app, reader.id)).toEqual(before);
  });

  it('adds 50 for each line the square completes', async () => {
    const reader = await createUser(t.app);
    // Row 0: squares 0-3.
    for (const [i, isbn] of FILLERS.slice(0, 3).entries()) {
      expect((await placeOk(t.app, reader.cookie, grid.cells[i]!, isbn)).pointsEarned).toBe(10);
    }
    const fourth = await placeOk(t.app, reader.cookie, grid.cells[3]!, FILLERS[3]!);
    expect(fourth.pointsEarned).toBe(60);
    expect(fourth.message).toBe(messages.bingo.earnedPoints(60));
    expect(fourth.totalPoints).toBe(90);
    await expectConsistent(reader);
  });

  it('adds 100 for the full card: 16 squares, 10 lines and the bonus make 760', async () => {
    const reader = await createUser(t.app);
    let last: PlaceBookResponse | undefined;
    for (const [position, isbn] of FILLERS.entries()) {
      last = await placeOk(t.app, reader.cookie, grid.cells[position]!, isbn);
    }
    // Square 15 closes row 3, column 3 and the main diagonal, and fills the card.
    expect(last?.pointsEarned).toBe(10 + 3 * 50 + 100);
    expect(last?.totalPoints).toBe(16 * 10 + 10 * 50 + 100);
    const score = await expectConsistent(reader);
    expect(score.points).toBe(760);
  });

  it('refuses a historical grid with the exact text and changes nothing', async () => {
    const reader = await createUser(t.app);
    const old = grid;
    await placeOk(t.app, reader.cookie, old.cells[0]!, HOBBIT.isbn13);
    await freshGrid();
    const before = await scoreOf(t.app, reader.id);
    const response = await placeBook(t.app, reader.cookie, old.cells[1]!, DUNE!);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(messages.bingo.historicalGrid);
    // Replacing on the old grid is refused too.
    const replace = await placeBook(t.app, reader.cookie, old.cells[0]!, DUNE!);
    expect(errorOf(replace).message).toBe(messages.bingo.historicalGrid);
    expect(await scoreOf(t.app, reader.id)).toEqual(before);
    // The old grid still shows its placement, marked as a past grid.
    const card = (await cardOf(reader.cookie, old.id)).json<BingoCardResponse>();
    expect(card.grid.isCurrent).toBe(false);
    expect(card.cells[0]!.placement?.bookIsbn).toBe(HOBBIT.isbn13);
  });
});

describe('placements at the same time', () => {
  it('leaves one winner when eight different books race for one square', async () => {
    const reader = await createUser(t.app);
    const responses = await Promise.all(
      FILLERS.slice(0, 8).map((isbn) => placeBook(t.app, reader.cookie, grid.cells[6]!, isbn)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const earned = responses.map((r) => r.json<PlaceBookResponse>().pointsEarned);
    expect(earned.filter((p) => p > 0)).toEqual([10]);
    const score = await expectConsistent(reader);
    expect(score.placements).toHaveLength(1);
    expect(score.points).toBe(10);
  });

  it('uses a book at most twice when eight squares race for it', async () => {
    const reader = await createUser(t.app);
    const responses = await Promise.all(
      grid.cells.slice(0, 8).map((cellId) => placeBook(t.app, reader.cookie, cellId, DUNE!)),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(2);
    expect(refused.map((r) => [r.statusCode, errorOf(r).message])).toEqual(
      Array(6).fill([409, messages.bingo.bookUsedTwice]),
    );
    const score = await expectConsistent(reader);
    expect(score.placements.map((p) => p.isWildcard).sort()).toEqual([false, true]);
    expect(score.points).toBe(20);
  });

  it('still awards the line when its last two squares are placed at the same time', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[12]!, FILLERS[0]!);
    await placeOk(t.app, reader.cookie, grid.cells[13]!, FILLERS[1]!);
    const responses = await Promise.all([
      placeBook(t.app, reader.cookie, grid.cells[14]!, FILLERS[2]!),
      placeBook(t.app, reader.cookie, grid.cells[15]!, FILLERS[3]!),
    ]);
    // Whichever lands second sees the other and completes row 3.
    const earned = responses.map((r) => r.json<PlaceBookResponse>().pointsEarned).sort();
    expect(earned).toEqual([10, 60]);
    expect((await expectConsistent(reader)).points).toBe(4 * 10 + 50);
  });

  it('places one book once when the same placement is sent eight times', async () => {
    const reader = await createUser(t.app);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => placeBook(t.app, reader.cookie, grid.cells[2]!, PRIDE!)),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const score = await expectConsistent(reader);
    expect(score.placements).toHaveLength(1);
    expect(score.points).toBe(10);
  });

  it('keeps points equal to the placements when placements race a reset', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, FILLERS[0]!);
    const requests = [
      ...FILLERS.slice(1, 6).map((isbn, i) =>
        placeBook(t.app, reader.cookie, grid.cells[i + 1]!, isbn),
      ),
      call(t.app, 'DELETE', `/api/bingo/grids/${grid.id}/placements`, { cookie: reader.cookie }),
      placeBook(t.app, reader.cookie, grid.cells[8]!, FELLOWSHIP!),
    ];
    const responses = await Promise.all(requests);
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    await expectConsistent(reader);
  });

  it('lets two readers swap books on the same square at the same time, again and again', async () => {
    // Each replacement moves two square_book_counts rows (the old book's, the new one's): two
    // readers swapping in opposite directions lock them in opposite orders. A deadlock the
    // database breaks is retried, never an error for the reader.
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await placeOk(t.app, a.cookie, grid.cells[9]!, FILLERS[10]!);
    await placeOk(t.app, b.cookie, grid.cells[9]!, FILLERS[11]!);
    for (let round = 0; round < 15; round += 1) {
      const [first, second] =
        round % 2 === 0 ? [FILLERS[11]!, FILLERS[10]!] : [FILLERS[10]!, FILLERS[11]!];
      const responses = await Promise.all([
        placeBook(t.app, a.cookie, grid.cells[9]!, first),
        placeBook(t.app, b.cookie, grid.cells[9]!, second),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    }
    expect((await expectConsistent(a)).points).toBe(10);
    expect((await expectConsistent(b)).points).toBe(10);
  });

  it('lets two readers fill the same square of their own cards', async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const [ra, rb] = await Promise.all([
      placeBook(t.app, a.cookie, grid.cells[0]!, HOBBIT.isbn13),
      placeBook(t.app, b.cookie, grid.cells[0]!, HOBBIT.isbn13),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect((await expectConsistent(a)).points).toBe(10);
    expect((await expectConsistent(b)).points).toBe(10);
  });
});

describe('Reset Grid', () => {
  function reset(cookie: string, gridId = grid.id) {
    return call(t.app, 'DELETE', `/api/bingo/grids/${gridId}/placements`, { cookie });
  }

  it("removes the viewer's placements on the grid and the points they earned", async () => {
    const reader = await createUser(t.app);
    const neighbour = await createUser(t.app);
    for (const [i, isbn] of FILLERS.slice(0, 4).entries()) {
      await placeOk(t.app, reader.cookie, grid.cells[i]!, isbn);
    }
    await placeOk(t.app, neighbour.cookie, grid.cells[0]!, HOBBIT.isbn13);
    const response = await reset(reader.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<ResetGridResponse>()).toEqual({
      totalPoints: 0,
      message: messages.bingo.gridCleared,
    });
    expect(await scoreOf(t.app, reader.id)).toEqual({ points: 0, sum: 0, placements: [] });
    // Someone else's card is untouched.
    expect((await expectConsistent(neighbour)).points).toBe(10);
    // The wildcard is free again.
    await placeOk(t.app, reader.cookie, grid.cells[0]!, DUNE!);
    expect((await placeOk(t.app, reader.cookie, grid.cells[1]!, DUNE!)).placement.isWildcard).toBe(
      true,
    );
  });

  it('keeps the points of past grids', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    await freshGrid();
    await placeOk(t.app, reader.cookie, grid.cells[0]!, DUNE!);
    await placeOk(t.app, reader.cookie, grid.cells[1]!, PRIDE!);
    const response = await reset(reader.cookie);
    expect(response.json<ResetGridResponse>().totalPoints).toBe(10);
    expect((await expectConsistent(reader)).placements).toHaveLength(1);
  });

  it('refuses guests with the clear text', async () => {
    const response = await reset(await createGuest(t.app));
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(messages.bingo.mustLogInToClear);
  });

  it('refuses a historical grid and changes nothing', async () => {
    const reader = await createUser(t.app);
    const old = grid;
    await placeOk(t.app, reader.cookie, old.cells[0]!, HOBBIT.isbn13);
    await freshGrid();
    const response = await reset(reader.cookie, old.id);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(messages.bingo.historicalGrid);
    expect((await expectConsistent(reader)).points).toBe(10);
  });

  it('answers an unknown grid with the not-found text', async () => {
    const reader = await createUser(t.app);
    const response = await reset(reader.cookie, 'no-such-grid');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(messages.bingo.gridNotFound);
  });
});

describe('progress rate limit', () => {
  it('answers the progress text once a reader places too often, placing nothing more', async () => {
    const reader = await createUser(t.app);
    const { max } = READING_RATE_LIMITS.progressUpdates;
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    // Repeats of the same placement are cheap no-ops, but each counts.
    for (let i = 1; i < max; i += 1) {
      await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    }
    const limited = await placeBook(t.app, reader.cookie, grid.cells[1]!, DUNE!);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toBe(messages.rateLimit.progressUpdates);
    expect((await scoreOf(t.app, reader.id)).placements).toHaveLength(1);
    // Another reader is not held back.
    const other = await createUser(t.app);
    expect((await placeBook(t.app, other.cookie, grid.cells[1]!, DUNE!)).statusCode).toBe(200);
  });
});
