import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BingoCardResponse } from '../../src/lib/schemas/bingo';
import { GRID_CELLS_CHANGED_CHANNEL } from '../../src/server/modules/bingo/bingo.repository';
import { createBingoService } from '../../src/server/modules/bingo/bingo.service';
import { createEventHub } from '../../src/server/events/hub';
import { createGrid, placeOk } from '../helpers/bingo';
import { addBooks, HOBBIT } from '../helpers/books';
import { createClub, createClubCard } from '../helpers/clubs';
import { viewerOf } from '../helpers/factories';
import { writeFromAnotherProcess } from '../helpers/other-process';
import { call, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/test-app';

// Issue 10: a reader's card is kept and served again while nothing was written to the
// database, by this process or another, and the UTC day is the same; on PostgreSQL too, with
// other instances' commits told of on the bus (decision 027, cross-instance-caches.test.ts).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const onSqlite = !process.env.DATABASE_URL;

async function cardOf(user: TestUser, gridId: string) {
  const response = await call(t.app, 'GET', `/api/bingo/grids/${gridId}`, {
    cookie: user.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json<BingoCardResponse>();
}

/** A reader with the Hobbit placed on square 0 of a new current grid. */
async function readerWithPlacement() {
  await addBooks(t.app);
  const grid = await createGrid(t.app);
  const reader = await createUser(t.app);
  await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
  return { grid, reader };
}

const coverOnSquare0 = (card: BingoCardResponse) => card.cells[0]?.placement?.coverUrl;

describe('the kept card', () => {
  it('answers with the same card while nothing was written', async () => {
    const { grid, reader } = await readerWithPlacement();
    const service = createBingoService({ database: t.app.deps.database, hub: createEventHub() });
    const first = await service.getCard(viewerOf(reader), grid.id);
    expect(await service.getCard(viewerOf(reader), grid.id)).toBe(first);
    // Kept answers are frozen: no request can change what the next one is served.
    expect(Object.isFrozen(first.cells[0])).toBe(true);
  });

  it('reads anew after any write, even one no part of the app announced', async () => {
    const { grid, reader } = await readerWithPlacement();
    const before = await cardOf(reader, grid.id);
    expect(coverOnSquare0(before)).not.toBe('https://covers.example/new-hobbit.jpg');
    // Straight to the table, on the app's own connection: no bus message, no service call.
    await t.app.deps.database.db
      .updateTable('books')
      .set({ coverUrl: 'https://covers.example/new-hobbit.jpg' })
      .where('isbn', '=', HOBBIT.isbn13)
      .execute();
    expect(coverOnSquare0(await cardOf(reader, grid.id))).toBe(
      'https://covers.example/new-hobbit.jpg',
    );
  });

  it("reads anew when a correction's message comes after its commit was counted", async () => {
    const { grid, reader } = await readerWithPlacement();
    await cardOf(reader, grid.id);
    // Another instance's correction: its commit is counted here before its message arrives,
    // and a card read meanwhile is made from the squares kept before it.
    await t.app.deps.database.db
      .updateTable('cells')
      .set({ challenge: 'A book with a hedgehog in it' })
      .where('id', '=', grid.cells[15]!)
      .execute();
    await cardOf(reader, grid.id);
    t.app.deps.bus.publish(GRID_CELLS_CHANGED_CHANNEL, grid.id);
    await expect
      .poll(async () => (await cardOf(reader, grid.id)).cells[15]?.challenge)
      .toBe('A book with a hedgehog in it');
  });

  it.runIf(onSqlite)('reads anew after another process wrote to the file', async () => {
    const { grid, reader } = await readerWithPlacement();
    await cardOf(reader, grid.id);
    const database = t.config.database;
    if (database.kind !== 'sqlite') throw new Error('SQLite only');
    await writeFromAnotherProcess(database.path, 'update books set cover_url = ? where isbn = ?', [
      'https://covers.example/admin-edit.jpg',
      HOBBIT.isbn13,
    ]);
    expect(coverOnSquare0(await cardOf(reader, grid.id))).toBe(
      'https://covers.example/admin-edit.jpg',
    );
  });

  // On SQLite the read waits for the one connection; PostgreSQL answers what was committed
  // before (read committed), which is right there and kept by nobody.
  it.runIf(onSqlite)('does not serve a card read before a transaction committed', async () => {
    const { grid, reader } = await readerWithPlacement();
    await cardOf(reader, grid.id);
    let read: Promise<BingoCardResponse> | undefined;
    await t.app.deps.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('books')
        .set({ coverUrl: 'https://covers.example/in-transaction.jpg' })
        .where('isbn', '=', HOBBIT.isbn13)
        .execute();
      // Asked while the change is written but not committed: the answer waits for the commit.
      read = cardOf(reader, grid.id);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(coverOnSquare0(await read!)).toBe('https://covers.example/in-transaction.jpg');
  });

  // PostgreSQL answers a read during the transaction with what was committed before (read
  // committed): that answer must not be kept past the commit.
  it.runIf(!onSqlite)(
    'does not keep a card read while a transaction was open past its commit',
    async () => {
      const { grid, reader } = await readerWithPlacement();
      await cardOf(reader, grid.id);
      await t.app.deps.database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('books')
          .set({ coverUrl: 'https://covers.example/committed-later.jpg' })
          .where('isbn', '=', HOBBIT.isbn13)
          .execute();
        expect(coverOnSquare0(await cardOf(reader, grid.id))).not.toBe(
          'https://covers.example/committed-later.jpg',
        );
      });
      expect(coverOnSquare0(await cardOf(reader, grid.id))).toBe(
        'https://covers.example/committed-later.jpg',
      );
    },
  );

  it('stops calling a club card current the day after its reset date, with nothing written', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-10T23:59:00Z'));
    const owner = await createUser(t.app);
    const club = await createClub(t.app, owner);
    const card = await createClubCard(t.app, owner, club.id, { resetDate: '2031-05-10' });
    expect((await cardOf(owner, card.id)).grid.isCurrent).toBe(true);
    vi.setSystemTime(new Date('2031-05-11T00:00:30Z'));
    expect((await cardOf(owner, card.id)).grid.isCurrent).toBe(false);
  });

  it('keeps one card per reader: a friend on the same grid sees their own', async () => {
    const { grid, reader } = await readerWithPlacement();
    const other = await createUser(t.app);
    expect(coverOnSquare0(await cardOf(reader, grid.id))).toBeDefined();
    expect((await cardOf(other, grid.id)).cells[0]?.placement).toBeNull();
    expect((await cardOf(other, grid.id)).points).toBe(0);
  });
});
