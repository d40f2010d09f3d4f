import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/lib/csv';
import { messages } from '../../src/lib/messages';
import { CARD_RESULTS_PAGE } from '../../src/server/modules/exports/card-results';
import { createGrid, placeOk, type TestGrid } from '../helpers/bingo';
import { createClub, createClubCard, joinClub } from '../helpers/clubs';
import { createBook, insertBareUsers } from '../helpers/factories';
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
 * A card's results as CSV (issue 24): who may download (admins the shared card, owners a club
 * card), the header row, names masked as on the board, formulas neutralised, every reader of a
 * card of more than one page. SQLite and PostgreSQL (DATABASE_URL).
 */
let t: TestApp;
let admin: TestUser;
let grid: TestGrid;
const HEADER = 'Reader,Squares,Lines,Full card,Points,Last placement';

const download = (user: TestUser | string | null, gridId: string) =>
  call(t.app, 'GET', `/api/grids/${gridId}/results.csv`, {
    ...(user ? { cookie: typeof user === 'string' ? user : user.cookie } : {}),
  });
const refusal = (response: Awaited<ReturnType<typeof download>>) => ({
  status: response.statusCode,
  message: errorOf(response).message,
});
const rename = (user: TestUser, fields: Record<string, string>) =>
  t.app.deps.database.db.updateTable('users').set(fields).where('id', '=', user.id).execute();

async function place(user: TestUser, cells: string[], positions: number[]) {
  for (const position of positions) {
    const book = await createBook(t.app);
    await placeOk(t.app, user.cookie, cells[position]!, book.isbn);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  grid = await createGrid(t.app, { admin, title: 'Winter = Challenge' });
});
afterAll(() => t.close());

describe('the shared card', () => {
  it('gives admins one row a reader: squares, lines, full card, points, last placement', async () => {
    const [ada, hidden, formula] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    await rename(ada, { displayUsername: 'ada_reads' });
    await rename(hidden, { displayUsername: 'secret_sam', profileVisibility: 'only_me' });
    await rename(formula, { displayUsername: '=HYPERLINK("http://evil.test","x")' });
    await place(ada, grid.cells, [0, 1, 2, 3]);
    await place(hidden, grid.cells, [5]);
    await place(formula, grid.cells, [0, 4, 8, 12, 15]);

    const response = await download(admin, grid.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="winter-challenge-results-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.split('\r\n')[0]).toBe(HEADER);
    expect(response.body).not.toContain('secret_sam');

    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...messages.cardResults.header]);
    const byName = new Map(rows.map((row) => [row[0], row]));
    expect(rows).toHaveLength(3);
    const adaRow = byName.get('ada_reads')!;
    expect(adaRow.slice(1, 5)).toEqual(['4', '1', 'no', '90']);
    expect(Date.parse(adaRow[5]!)).toBeGreaterThan(Date.now() - 60_000);
    expect(byName.get(messages.privacy.hiddenName)!.slice(1, 5)).toEqual(['1', '0', 'no', '10']);
    // A name that a spreadsheet would run is kept as text with a leading apostrophe.
    expect(byName.get(`'=HYPERLINK("http://evil.test","x")`)!.slice(1, 5)).toEqual([
      '5',
      '1',
      'no',
      '100',
    ]);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
  });

  it('refuses readers (403), guests (403) and signed-out callers (401); an unknown card is 404', async () => {
    const reader = await createUser(t.app);
    expect(refusal(await download(reader, grid.id))).toEqual({
      status: 403,
      message: messages.cardResults.adminsOnly,
    });
    expect(refusal(await download(await createGuest(t.app), grid.id))).toEqual({
      status: 403,
      message: messages.cardResults.adminsOnly,
    });
    expect((await download(null, grid.id)).statusCode).toBe(401);
    expect(refusal(await download(admin, 'no-such-card'))).toEqual({
      status: 404,
      message: messages.cardResults.notFound,
    });
  });

  it('writes every reader of a card longer than one page, once each', async () => {
    const big = await createGrid(t.app, { admin, title: 'Big' });
    const book = await createBook(t.app);
    const { db } = t.app.deps.database;
    const now = new Date().toISOString();
    const count = CARD_RESULTS_PAGE + 7;
    const ids = Array.from({ length: count }, (_, i) => `bulk-${String(i).padStart(4, '0')}`);
    await insertBareUsers(t.app, ids);
    for (let i = 0; i < ids.length; i += 200) {
      const chunk = ids.slice(i, i + 200);
      await db
        .insertInto('placements')
        .values(
          chunk.map((userId) => ({
            id: `p-${userId}`,
            userId,
            gridId: big.id,
            cellId: big.cells[0]!,
            bookIsbn: book.isbn,
            bookTitle: 'Bulk',
            isWildcard: 0,
            points: 10,
            ruleMet: null,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
    }
    const response = await download(admin, big.id);
    expect(response.statusCode).toBe(200);
    const [, ...rows] = parseCsv(response.body);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r[0])).size).toBe(count);
    expect(rows.every((r) => r[1] === '1' && r[4] === '10')).toBe(true);
  });
});

describe('a club card', () => {
  it('is for its owners and co-owners: members and outsiders 403, the admin too', async () => {
    const [owner, co, member, outsider] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    const club = await createClub(t.app, owner);
    await joinClub(t.app, owner, co, club.id);
    await joinClub(t.app, owner, member, club.id);
    const role = await call(t.app, 'PUT', `/api/clubs/${club.id}/members/${co.id}/role`, {
      cookie: owner.cookie,
      body: { role: 'co_owner' },
    });
    expect(role.statusCode).toBe(200);
    const card = await createClubCard(t.app, owner, club.id);
    await rename(member, { displayUsername: 'mossy', profileVisibility: 'friends' });
    await place(member, card.cells, [0, 5, 10, 15]);

    for (const who of [owner, co]) {
      const response = await download(who, card.id);
      expect(response.statusCode).toBe(200);
      const [header, ...rows] = parseCsv(response.body);
      expect(header).toEqual([...messages.cardResults.header]);
      // A friends-only member is "A reader" to owners who are not their friends, as on the board.
      expect(rows.map((r) => r.slice(0, 5))).toEqual([
        [messages.privacy.hiddenName, '4', '1', 'no', '90'],
      ]);
    }
    for (const who of [member, outsider, admin]) {
      expect(refusal(await download(who, card.id))).toEqual({
        status: 403,
        message: messages.clubs.ownersOnly,
      });
    }
  });
});
