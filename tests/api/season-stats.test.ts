import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { SeasonStatsResponse } from '../../src/lib/schemas/season';
import { createGrid, placeOk, type TestGrid } from '../helpers/bingo';
import { createClub, createClubCard, joinClub } from '../helpers/clubs';
import { createBook, insertBareUsers, type TestBook } from '../helpers/factories';
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
 * Issue 25: a card's season statistics against a hand-counted season.
 *
 * The shared card (books A-E, and F4, F6..F15 of R4's own):
 * - R1: squares 0-3 with A, B, C, D (row 0: a line);
 * - R2: squares 0, 1 with A, B;
 * - R3: square 0 with A, square 5 with E;
 * - R4: all sixteen: A, B, C, D on 0-3, E on 5, F<p> on every other square (a full card);
 * - H, whose profile is only theirs: A on 0, B on 1.
 * By hand: 5 participants; readers with a line R1, R4 = 2; full cards 1; squares marked
 * 4 + 2 + 2 + 16 + 2 = 26, so 5.2 a reader. Readers per square: 0: 5, 1: 4, 2: 2, 3: 2, 5: 2,
 * every other: 1; hardest 4, 6-15, easiest 0. Books of readers who show their profile: A-E and
 * eleven F = 16 distinct. Square 0: A by 4 (H not counted), square 1: B by 3; C by 2 is not
 * named. Authors: Ann Author wrote A and C: 4 + 2 = 6 books placed; Ben Author wrote B: 3;
 * the others' books never reach 3 readers on a square, so they are not named.
 */
let t: TestApp;
let admin: TestUser;
let asker: TestUser;
let ended: TestGrid;
let grid: TestGrid;
const book: Record<string, TestBook> = {};

const statsOf = (gridId: string, cookie?: string, suffix = '') =>
  call(t.app, 'GET', `/api/grids/${gridId}/season-stats${suffix}`, cookie ? { cookie } : {});

async function placeRow(userId: string, gridId: string, cellId: string, b: TestBook) {
  const now = new Date().toISOString();
  await t.app.deps.database.db
    .insertInto('placements')
    .values({
      id: randomUUID(),
      userId,
      gridId,
      cellId,
      bookIsbn: b.isbn,
      bookTitle: b.title,
      isWildcard: 0,
      points: 10,
      ruleMet: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  asker = await createUser(t.app, { email: `asker-${randomUUID().slice(0, 8)}@example.com` });
  // An older card, ended when the next one is made; nobody placed a book on it.
  ended = await createGrid(t.app, { admin, title: 'Spring Season' });
  grid = await createGrid(t.app, { admin, title: 'Summer Season' });
  book.A = await createBook(t.app, { authors: 'Ann Author' });
  book.B = await createBook(t.app, { authors: 'Ben Author' });
  book.C = await createBook(t.app, { authors: 'Ann Author' });
  book.D = await createBook(t.app, { authors: 'Dee Author' });
  book.E = await createBook(t.app, { authors: 'Eve Author' });
  for (const p of [4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]) {
    book[`F${p}`] = await createBook(t.app, { authors: `Solo Author ${p}` });
  }
  const ids = ['R1', 'R2', 'R3', 'R4', 'H'].map((n) => `${n}-${randomUUID()}`);
  const [r1, r2, r3, r4, h] = ids as [string, string, string, string, string];
  await insertBareUsers(t.app, ids);
  await t.app.deps.database.db
    .updateTable('users')
    .set({ profileVisibility: 'only_me' })
    .where('id', '=', h)
    .execute();
  const on = (user: string, position: number, b: TestBook) =>
    placeRow(user, grid.id, grid.cells[position]!, b);
  const firstRow = [book.A, book.B, book.C, book.D];
  for (let p = 0; p < 4; p++) await on(r1, p, firstRow[p]!);
  await on(r2, 0, book.A);
  await on(r2, 1, book.B);
  await on(r3, 0, book.A);
  await on(r3, 5, book.E);
  for (let p = 0; p < 16; p++) {
    await on(r4, p, p < 4 ? firstRow[p]! : p === 5 ? book.E : book[`F${p}`]!);
  }
  await on(h, 0, book.A);
  await on(h, 1, book.B);
});

afterAll(async () => {
  await t.close();
});

describe("a card's season statistics", () => {
  it('counts every figure of the hand-made season, live while the card runs', async () => {
    const response = await statsOf(grid.id, asker.cookie);
    expect(response.statusCode).toBe(200);
    const s = response.json<SeasonStatsResponse>();
    expect(s.grid).toMatchObject({
      id: grid.id,
      title: 'Summer Season',
      club: null,
      isCurrent: true,
    });
    expect(s.participants).toBe(5);
    expect(s.readersWithLine).toBe(2);
    expect(s.fullCards).toBe(1);
    expect(s.averageSquares).toBe(5.2);
    expect(s.distinctBooks).toBe(16);
    expect(s.squares.map((q) => q.readers)).toEqual([
      5, 4, 2, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    ]);
    expect(s.hardest).toEqual([4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(s.easiest).toEqual([0]);
    expect(s.squares[0]!.books.map((b) => [b.isbn, b.readers])).toEqual([[book.A!.isbn, 4]]);
    expect(s.squares[1]!.books.map((b) => [b.isbn, b.readers])).toEqual([[book.B!.isbn, 3]]);
    expect(s.squares.slice(2).every((q) => q.books.length === 0)).toBe(true);
    expect(s.authors).toEqual([
      { name: 'Ann Author', placements: 6 },
      { name: 'Ben Author', placements: 3 },
    ]);
  });

  it('draws the headline numbers as SVG and PNG, with nothing personal in them', async () => {
    const svg = await statsOf(grid.id, asker.cookie, '.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(svg.body).toContain(
      `<desc id="season-desc">${messages.seasonStats.imageAlt('Summer Season', 5, 2, 1, 16)}</desc>`,
    );
    expect(svg.body).toContain('>5.2<');
    for (const secret of ['R1-', 'H-', book.A!.title, 'Ann Author']) {
      expect(svg.body).not.toContain(secret);
    }
    const png = await statsOf(grid.id, asker.cookie, '.png');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('says nothing was placed on an empty card, and keeps an ended card frozen', async () => {
    const first = (await statsOf(ended.id, asker.cookie)).json<SeasonStatsResponse>();
    expect(first.grid.isCurrent).toBe(false);
    expect(first).toMatchObject({
      participants: 0,
      readersWithLine: 0,
      fullCards: 0,
      distinctBooks: 0,
      averageSquares: 0,
      hardest: [],
      easiest: [],
      authors: [],
    });
    // A late write to an ended card does not move its final figures.
    await placeRow(asker.id, ended.id, ended.cells[0]!, book.A!);
    const again = (await statsOf(ended.id, asker.cookie)).json<SeasonStatsResponse>();
    expect(again.participants).toBe(0);
    expect(again.generatedAt).toBe(first.generatedAt);
  });

  it('counts a club card among its current members, and shows it to them only', async () => {
    const owner = await createUser(t.app);
    const members = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const club = await createClub(t.app, owner, { name: 'Season Circle' });
    for (const m of members) await joinClub(t.app, owner, m, club.id);
    const card = await createClubCard(t.app, owner, club.id, { title: 'Circle Season' });
    for (const m of members) await placeOk(t.app, m.cookie, card.cells[0]!, book.D!.isbn);
    await placeOk(t.app, members[0]!.cookie, card.cells[1]!, book.E!.isbn);
    const leave = await call(t.app, 'DELETE', `/api/clubs/${club.id}/members/${members[2]!.id}`, {
      cookie: members[2]!.cookie,
    });
    expect(leave.statusCode).toBe(200);

    const response = await statsOf(card.id, owner.cookie);
    expect(response.statusCode).toBe(200);
    const s = response.json<SeasonStatsResponse>();
    expect(s.grid).toMatchObject({
      title: 'Circle Season',
      club: { id: club.id, name: 'Season Circle' },
      isCurrent: true,
    });
    // Two members remain: 3 squares between them; the one who left counts no more.
    expect(s.participants).toBe(2);
    expect(s.averageSquares).toBe(1.5);
    expect(s.squares[0]!.readers).toBe(2);
    expect(s.squares[0]!.books).toEqual([]);
    expect(s.distinctBooks).toBe(2);

    for (const path of ['', '.svg', '.png']) {
      const outsider = await statsOf(card.id, members[2]!.cookie, path);
      expect(outsider.statusCode).toBe(404);
      expect(errorOf(outsider).message).toBe(messages.seasonStats.notFound);
    }
  });

  it('refuses guests (403) and the signed-out (401), and knows no unknown card (404)', async () => {
    const guest = await statsOf(grid.id, await createGuest(t.app));
    expect(guest.statusCode).toBe(403);
    expect(errorOf(guest).message).toBe(messages.access.loginRequired);
    const out = await statsOf(grid.id);
    expect(out.statusCode).toBe(401);
    expect(errorOf(out).message).toBe(messages.access.loginRequired);
    const unknown = await statsOf('no-such-card', asker.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(messages.seasonStats.notFound);
  });
});
