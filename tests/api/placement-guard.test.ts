import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placementInTwoRoundTripsMigration } from '../../src/server/db/migrations/025-placement-in-two-round-trips';
import { createBingoRepository } from '../../src/server/modules/bingo/bingo.repository';
import { createGrid, placeOk, scoreOf, type TestGrid } from '../helpers/bingo';
import { addBooks, FILLER_BOOKS } from '../helpers/books';
import { createTestApp, createUser, type TestApp } from '../helpers/test-app';

// Decision 033: on PostgreSQL a placement on the shared card is one read and one guarded CALL
// (migration 025's bingo_place), which writes only while the reader's squares are as read.
// The races through the routes are in bingo.test.ts ('placements at the same time'); here the
// guard itself, without depending on timing.

const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let grid: TestGrid;
const FILLERS = FILLER_BOOKS.map((b) => b.isbn13);

beforeAll(async () => {
  t = await createTestApp();
  await addBooks(t.app, FILLER_BOOKS);
  grid = await createGrid(t.app, { admin: await createUser(t.app, { role: 'admin' }) });
});
afterAll(() => t.close());

describe.runIf(onPostgres)('the guarded placement on PostgreSQL', () => {
  const repo = () => createBingoRepository(t.app.deps.database.db, 'postgres');
  const newPlacement = (userId: string, state: string, cell: number, isbn: string) => ({
    userId,
    gridId: grid.id,
    state,
    replacing: null,
    cellId: grid.cells[cell]!,
    bookIsbn: isbn,
    bookTitle: 'A filler',
    isWildcard: false,
    points: 10,
    ruleMet: null,
    author: 'Someone',
    coverUrl: null,
  });

  it('writes nothing when the squares changed since they were read', async () => {
    const reader = await createUser(t.app);
    const read = await repo().readPlacementFacts(reader.id, grid.cells[0]!, FILLERS[0]!);
    expect(read.placements).toEqual([]);
    // Another tab places on square 1 between the read and the write.
    await placeOk(t.app, reader.cookie, grid.cells[1]!, FILLERS[1]!);
    const total = await repo().placeGuarded(newPlacement(reader.id, read.state, 0, FILLERS[0]!));
    expect(total).toBeNull();
    const score = await scoreOf(t.app, reader.id);
    expect(score.placements.map((p) => p.bookIsbn)).toEqual([FILLERS[1]]);
    expect(score.points).toBe(10);
    const finished = await t.app.deps.database.db
      .selectFrom('finishedBooks')
      .select('bookIsbn')
      .where('userId', '=', reader.id)
      .execute();
    expect(finished.map((f) => f.bookIsbn)).toEqual([FILLERS[1]]);
  });

  it('writes the placement, the finished book and the total while they are as read', async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[1]!, FILLERS[1]!);
    const read = await repo().readPlacementFacts(reader.id, grid.cells[0]!, FILLERS[0]!);
    expect(read.placements.map((p) => [p.position, p.bookIsbn])).toEqual([[1, FILLERS[1]]]);
    const total = await repo().placeGuarded(newPlacement(reader.id, read.state, 0, FILLERS[0]!));
    expect(total).toBe(20);
    const score = await scoreOf(t.app, reader.id);
    expect(score.placements.map((p) => p.bookIsbn).sort()).toEqual([FILLERS[0], FILLERS[1]].sort());
    expect(score).toMatchObject({ points: 20, sum: 20 });
  });

  it("tells a square's new book apart from the same square with another book", async () => {
    const reader = await createUser(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[2]!, FILLERS[2]!);
    const before = await repo().readPlacementFacts(reader.id, grid.cells[2]!, FILLERS[3]!);
    // Replaced from another device: same squares marked, another book on square 2.
    await placeOk(t.app, reader.cookie, grid.cells[2]!, FILLERS[4]!);
    const after = await repo().readPlacementFacts(reader.id, grid.cells[2]!, FILLERS[3]!);
    expect(after.state).not.toBe(before.state);
    const replaced = await repo().placeGuarded({
      ...newPlacement(reader.id, before.state, 2, FILLERS[3]!),
      replacing: before.onCell!.id,
      points: 0,
    });
    expect(replaced).toBeNull();
    const score = await scoreOf(t.app, reader.id);
    expect(score.placements.map((p) => p.bookIsbn)).toEqual([FILLERS[4]]);
  });
});

describe('migration 025', () => {
  /** The replacement trigger's text (PostgreSQL: its function's), and whether bingo_place is there. */
  async function schemaOf(app: TestApp['app']) {
    const { db, kind } = app.deps.database;
    if (kind === 'postgres') {
      const { rows } = await sql<{ body: string | null; procedures: number }>`
        select (select prosrc from pg_proc where proname = 'placements_card_totals_update') as body,
          (select count(*)::int from pg_proc where proname = 'bingo_place') as procedures`.execute(
        db,
      );
      return { body: rows[0]!.body ?? '', procedure: rows[0]!.procedures === 1 };
    }
    const { rows } = await sql<{ body: string }>`
      select sql as body from sqlite_master
      where type = 'trigger' and name = 'placements_card_totals_update'`.execute(db);
    return { body: rows[0]!.body, procedure: false };
  }

  it("goes down to migration 021's replacement trigger and up again", async () => {
    const fresh = await createTestApp();
    try {
      const { db, kind } = fresh.app.deps.database;
      const ruleChangeOnly =
        kind === 'postgres' ? /is distinct from new\.rule_met/ : /is not new\.rule_met/;
      const up = await schemaOf(fresh.app);
      expect(up.body).toMatch(ruleChangeOnly);
      expect(up.procedure).toBe(kind === 'postgres');
      await placementInTwoRoundTripsMigration(kind).down(db as never);
      const down = await schemaOf(fresh.app);
      expect(down.body).not.toMatch(ruleChangeOnly);
      expect(down.body).toMatch(/update card_day_counts set met/);
      expect(down.procedure).toBe(false);
      await placementInTwoRoundTripsMigration(kind).up(db as never);
      expect(await schemaOf(fresh.app)).toEqual(up);
    } finally {
      await fresh.close();
    }
  });
});
