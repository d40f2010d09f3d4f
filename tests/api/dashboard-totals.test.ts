import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../src/server/db/schema';
import { completedLines } from '../../src/server/modules/exports/card-results';
import { createGrid, placeOk, type TestGrid } from '../helpers/bingo';
import { createClub, createClubCard, joinClub } from '../helpers/clubs';
import { createBook, type TestBook } from '../helpers/factories';
import { call, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/test-app';

/**
 * Issue 24 (speed): the totals the dashboard reads (migration 021: card_reader_totals and
 * card_day_counts, kept by triggers on placements) equal a count of the placements table
 * after every way placements change: placed, the wildcard, replaced, reset, fixed by hand,
 * a reader erased (with a club they owned alone, its card and placements), a reader deleted.
 */
let t: TestApp;
let grid: TestGrid;
let books: TestBook[];
const db = () => t.app.deps.database.db;

/** What the kept tables hold, as comparable rows. */
async function kept() {
  const readers = await db()
    .selectFrom('cardReaderTotals')
    .selectAll()
    .orderBy('gridId')
    .orderBy('userId')
    .execute();
  const days = await db()
    .selectFrom('cardDayCounts')
    .selectAll()
    .where('placements', '>', 0)
    .orderBy('gridId')
    .orderBy('cellId')
    .orderBy('day')
    .execute();
  return {
    readers: readers.map((r) => ({
      gridId: r.gridId,
      userId: r.userId,
      squares: Number(r.squares),
      mask: Number(r.mask),
      metMask: Number(r.metMask),
      lines: Number(r.lines),
      points: Number(r.points),
      firstAt: toIso(r.firstAt),
      lastAt: toIso(r.lastAt),
    })),
    days: days.map((d) => ({
      gridId: d.gridId,
      cellId: d.cellId,
      day: d.day,
      placements: Number(d.placements),
      met: Number(d.met),
    })),
  };
}

/** The same, counted here from every placement. */
async function counted() {
  const rows = await db()
    .selectFrom('placements as p')
    .innerJoin('cells as c', 'c.id', 'p.cellId')
    .select(['p.gridId', 'p.userId', 'p.cellId', 'c.position', 'p.points', 'p.ruleMet'])
    .select(['p.createdAt', 'p.updatedAt'])
    .execute();
  const readers = new Map<string, Awaited<ReturnType<typeof kept>>['readers'][number]>();
  const days = new Map<string, Awaited<ReturnType<typeof kept>>['days'][number]>();
  for (const p of rows) {
    const bit = 1 << Number(p.position);
    const created = toIso(p.createdAt);
    const updated = toIso(p.updatedAt);
    const key = `${p.gridId} ${p.userId}`;
    const r = readers.get(key) ?? {
      gridId: p.gridId,
      userId: p.userId,
      squares: 0,
      mask: 0,
      metMask: 0,
      lines: 0,
      points: 0,
      firstAt: created,
      lastAt: updated,
    };
    r.squares += 1;
    r.mask |= bit;
    if (Number(p.ruleMet) === 1 && p.ruleMet !== null) r.metMask |= bit;
    r.points += Number(p.points);
    r.lines = completedLines(
      new Set(Array.from({ length: 16 }, (_, i) => i).filter((i) => r.mask & (1 << i))),
    );
    if (created < r.firstAt) r.firstAt = created;
    if (updated > r.lastAt) r.lastAt = updated;
    readers.set(key, r);
    const day = created.slice(0, 10);
    const dayKey = `${p.gridId} ${p.cellId} ${day}`;
    const d = days.get(dayKey) ?? {
      gridId: p.gridId,
      cellId: p.cellId,
      day,
      placements: 0,
      met: 0,
    };
    d.placements += 1;
    if (Number(p.ruleMet) === 1 && p.ruleMet !== null) d.met += 1;
    days.set(dayKey, d);
  }
  const byKey = <T extends object>(m: Map<string, T>) =>
    [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return { readers: byKey(readers), days: byKey(days) };
}

async function expectTotalsExact() {
  const [k, c] = await Promise.all([kept(), counted()]);
  expect(k).toEqual(c);
  return k;
}

async function place(user: TestUser, cells: string[], positions: number[], book = -1) {
  for (const position of positions) {
    await placeOk(t.app, user.cookie, cells[position]!, books[book >= 0 ? book : position]!.isbn);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.app, { role: 'admin' });
  grid = await createGrid(t.app, { admin });
  books = [];
  for (let i = 0; i < 17; i++) books.push(await createBook(t.app));
});

afterAll(async () => {
  await t.close();
});

describe('the dashboard totals kept with placements', () => {
  it('equal a count of the placements after every kind of change', async () => {
    const [ann, ben, cat, xan, owner] = await Promise.all(
      ['ann', 'ben', 'cat', 'xan', 'own'].map((name) =>
        createUser(t.app, { email: `${name}${Date.now()}@example.com` }),
      ),
    );
    const club = await createClub(t.app, owner!);
    await joinClub(t.app, owner!, ann!, club.id);
    await joinClub(t.app, owner!, xan!, club.id);
    const clubCard = await createClubCard(t.app, owner!, club.id);
    // A club Xan owns alone: it goes with Xan, and its card with it.
    const xanClub = await createClub(t.app, xan!, { name: 'Xan Alone' });
    const xanCard = await createClubCard(t.app, xan!, xanClub.id);
    expect((await kept()).readers).toEqual([]);

    // Placed: Ann a full row and a wildcard (the same book again on square 5).
    await place(ann!, grid.cells, [0, 1, 2, 3]);
    await place(ann!, grid.cells, [5], 0);
    await place(
      ben!,
      grid.cells,
      Array.from({ length: 16 }, (_, i) => i),
    );
    await place(cat!, grid.cells, [4, 8, 12]);
    await place(xan!, grid.cells, [0, 6]);
    await place(ann!, clubCard.cells, [0, 1]);
    await place(xan!, clubCard.cells, [2]);
    await place(xan!, xanCard.cells, [7]);
    let now = await expectTotalsExact();
    const annShared = now.readers.find((r) => r.userId === ann!.id && r.gridId === grid.id)!;
    expect(annShared).toMatchObject({ squares: 5, mask: 0b101111, lines: 1 });
    expect(now.readers.find((r) => r.userId === ben!.id)).toMatchObject({
      squares: 16,
      mask: 0xffff,
      lines: 10,
    });

    // Replaced: Ben's square 1 gets another book; the same book again changes nothing.
    await place(ben!, grid.cells, [1], 16);
    await place(ben!, grid.cells, [1], 16);
    // Fixed by hand: dates moved and a rule met, as an admin's repair or a test would.
    await db()
      .updateTable('placements')
      .set({ createdAt: '2026-01-02T10:00:00.000Z', updatedAt: '2026-01-03T10:00:00.000Z' })
      .where('userId', '=', cat!.id)
      .where('cellId', '=', grid.cells[4]!)
      .execute();
    await db()
      .updateTable('placements')
      .set({ ruleMet: 1 })
      .where('gridId', '=', grid.id)
      .where('cellId', 'in', [grid.cells[0]!, grid.cells[8]!])
      .execute();
    now = await expectTotalsExact();
    expect(now.readers.find((r) => r.userId === cat!.id && r.gridId === grid.id)).toMatchObject({
      squares: 3,
      metMask: 1 << 8,
      firstAt: '2026-01-02T10:00:00.000Z',
    });
    expect(now.days.some((d) => d.day === '2026-01-02')).toBe(true);

    // Reset: Cat clears the shared card.
    const reset = await call(t.app, 'DELETE', `/api/bingo/grids/${grid.id}/placements`, {
      cookie: cat!.cookie,
    });
    expect(reset.statusCode).toBe(200);
    now = await expectTotalsExact();
    expect(now.readers.some((r) => r.userId === cat!.id)).toBe(false);
    expect(now.days.some((d) => d.day === '2026-01-02')).toBe(false);

    // Erased: Xan, with placements on the shared card, a club's card and their own club's.
    const erased = await call(t.app, 'POST', '/api/me/erase', {
      cookie: xan!.cookie,
      body: { password: xan!.password },
    });
    expect(erased.statusCode).toBe(200);
    now = await expectTotalsExact();
    expect(now.readers.some((r) => r.userId === xan!.id)).toBe(false);
    expect(now.days.some((d) => d.gridId === xanCard.id)).toBe(false);

    // A reader row deleted outright: its placements cascade, and so do its totals.
    await db().deleteFrom('users').where('id', '=', ben!.id).execute();
    now = await expectTotalsExact();
    expect(now.readers.map((r) => r.userId).sort()).toEqual([ann!.id, ann!.id]);
  });
});
