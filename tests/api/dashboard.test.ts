import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { DashboardResponse } from '../../src/lib/schemas/dashboard';
import { createGrid, placeOk, type TestGrid } from '../helpers/bingo';
import { createClub, createClubCard, joinClub } from '../helpers/clubs';
import { befriend, createBook, type TestBook } from '../helpers/factories';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 24: a season's dashboard, every figure against a hand-counted season on the shared
 * card, then who may read it (the shared card: admins; a club card: its owners) and whose
 * names its top readers show (decision 023: as the leaderboard shows them to the asker).
 *
 * The season (shared card), all placed through the API, then dated by hand:
 * - Ann: row 0 (squares 0-3), today-ish: 4 x 10 + a line (50) = 90 points;
 * - Ben (profile: only me): square 0 ten days ago, square 5 this week: 20 points;
 * - Cat: square 0 ten days ago only: 10 points;
 * - Fay: all sixteen squares this week: 160 + 10 lines x 50 + 100 = 760 points;
 * - Eve: square 1 this week, then her account is erased: she counts nowhere.
 */
let t: TestApp;
let admin: TestUser;
let grid: TestGrid;
let books: TestBook[];
const users: Record<string, TestUser> = {};

const DAY = 24 * 60 * 60 * 1000;
const noonOf = (ms: number) => `${new Date(ms).toISOString().slice(0, 10)}T12:00:00.000Z`;
/** Two days ago at noon (this week), and ten days ago at noon (not). */
const recent = noonOf(Date.now() - 2 * DAY);
const old = noonOf(Date.now() - 10 * DAY);

const dashboardOf = (gridId: string, user?: TestUser) =>
  call(t.app, 'GET', `/api/grids/${gridId}/dashboard`, user ? { cookie: user.cookie } : {});

async function place(user: TestUser, positions: number[], cells = grid.cells) {
  for (const position of positions) {
    await placeOk(t.app, user.cookie, cells[position]!, books[position]!.isbn);
  }
}

async function dateBy(user: TestUser, gridId: string, when: string, cellIds?: string[]) {
  let query = t.app.deps.database.db
    .updateTable('placements')
    .set({ createdAt: when, updatedAt: when })
    .where('userId', '=', user.id)
    .where('gridId', '=', gridId);
  if (cellIds) query = query.where('cellId', 'in', cellIds);
  await query.execute();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  grid = await createGrid(t.app, { admin });
  books = [];
  for (let i = 0; i < 16; i++) books.push(await createBook(t.app));
  for (const name of ['ann', 'ben', 'cat', 'fay', 'eve']) {
    users[name] = await createUser(t.app, { email: `${name}${Date.now()}@example.com` });
  }
  const { ann, ben, cat, fay, eve } = users;
  await place(ann!, [0, 1, 2, 3]);
  await place(ben!, [0, 5]);
  await place(cat!, [0]);
  await place(
    fay!,
    Array.from({ length: 16 }, (_, i) => i),
  );
  await place(eve!, [1]);
  for (const u of [ann!, ben!, fay!]) await dateBy(u, grid.id, recent);
  await dateBy(ben!, grid.id, old, [grid.cells[0]!]);
  await dateBy(cat!, grid.id, old);
  const { db } = t.app.deps.database;
  await db
    .updateTable('users')
    .set({ profileVisibility: 'only_me' })
    .where('id', '=', ben!.id)
    .execute();
  await db.deleteFrom('users').where('id', '=', eve!.id).execute();
  // Square 0 carries a rule: Ann's and Fay's books met it, Ben's did not, Cat's is unknown.
  await db
    .updateTable('cells')
    .set({ rule: JSON.stringify({ kind: 'pages', min: 300 }) })
    .where('id', '=', grid.cells[0]!)
    .execute();
  for (const [u, met] of [
    [ann!, 1],
    [ben!, 0],
    [cat!, null],
    [fay!, 1],
  ] as const) {
    await db
      .updateTable('placements')
      .set({ ruleMet: met })
      .where('userId', '=', u.id)
      .where('cellId', '=', grid.cells[0]!)
      .execute();
  }
});

afterAll(async () => {
  await t.close();
});

describe('the season dashboard of the shared card', () => {
  it('counts every figure of the hand-made season', async () => {
    const response = await dashboardOf(grid.id, admin);
    expect(response.statusCode).toBe(200);
    const d = response.json<DashboardResponse>();
    expect(d.grid).toMatchObject({ id: grid.id, title: 'Test Challenge', club: null });
    expect(d.participants).toBe(4);
    // Ann and Fay (all this week) and Ben (a book this week); not Cat.
    expect(d.activeThisWeek).toBe(3);
    // Ann and Fay: Ben's first book is ten days old.
    expect(d.newThisWeek).toBe(2);
    expect(d.linesCompleted).toBe(11);
    expect(d.readersWithLine).toBe(2);
    expect(d.fullCards).toBe(1);

    expect(d.squares.map((s) => s.position)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    const readers = [4, 2, 2, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    expect(d.squares.map((s) => s.readers)).toEqual(readers);
    expect(d.squares.filter((s) => s.hardest).map((s) => s.position)).toEqual([
      4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ]);
    expect(d.squares[0]).toMatchObject({ hasRule: true, ruleMet: 2, ruleMetShare: 0.5 });
    expect(d.squares[1]).toMatchObject({ hasRule: false, ruleMet: 0, ruleMetShare: null });

    expect(d.pointsHistogram).toHaveLength(16);
    expect(d.pointsHistogram[0]).toEqual({ from: 0, to: 49, readers: 2 });
    expect(d.pointsHistogram[1]).toEqual({ from: 50, to: 99, readers: 1 });
    expect(d.pointsHistogram[15]).toEqual({ from: 750, to: 799, readers: 1 });
    expect(d.pointsHistogram.reduce((n, b) => n + b.readers, 0)).toBe(4);

    expect(d.placementsPerDay).toEqual([
      { date: old.slice(0, 10), placements: 2 },
      { date: recent.slice(0, 10), placements: 4 + 1 + 16 },
    ]);

    const { ann, cat, fay } = users;
    expect(d.topReaders).toEqual([
      { rank: 1, userId: fay!.id, username: fay!.email.split('@')[0], points: 760, isYou: false },
      { rank: 2, userId: ann!.id, username: ann!.email.split('@')[0], points: 90, isYou: false },
      // Ben's profile is his only: the organiser sees the leaderboard's 'A reader'.
      {
        rank: 3,
        userId: users.ben!.id,
        username: messages.privacy.hiddenName,
        points: 20,
        isYou: false,
      },
      { rank: 4, userId: cat!.id, username: cat!.email.split('@')[0], points: 10, isYou: false },
    ]);
  });

  it('counts a new book and hides a name at once', async () => {
    const { ann, cat } = users;
    // Counted on every call from the kept totals (migration 021): a new book shows at once...
    await placeOk(t.app, cat!.cookie, grid.cells[9]!, books[9]!.isbn);
    const { db } = t.app.deps.database;
    await db
      .updateTable('users')
      .set({ profileVisibility: 'only_me' })
      .where('id', '=', ann!.id)
      .execute();
    const d = (await dashboardOf(grid.id, admin)).json<DashboardResponse>();
    expect(d.squares[9]!.readers).toBe(2);
    // ...and names are read per request: Ann, hidden now, is 'A reader' already.
    expect(d.topReaders[1]).toMatchObject({
      userId: ann!.id,
      username: messages.privacy.hiddenName,
    });
  });

  it('still answers for the card once it is past', async () => {
    await createGrid(t.app, { admin, title: 'Next Season' });
    const d = (await dashboardOf(grid.id, admin)).json<DashboardResponse>();
    expect(d.participants).toBe(4);
    expect(d.fullCards).toBe(1);
  });

  it('is empty before the first book', async () => {
    const fresh = await createGrid(t.app, { admin, title: 'Empty Season' });
    const response = await dashboardOf(fresh.id, admin);
    expect(response.statusCode).toBe(200);
    const d = response.json<DashboardResponse>();
    expect(d).toMatchObject({
      participants: 0,
      activeThisWeek: 0,
      newThisWeek: 0,
      linesCompleted: 0,
      readersWithLine: 0,
      fullCards: 0,
      placementsPerDay: [],
      topReaders: [],
    });
    expect(d.squares.every((s) => s.readers === 0 && !s.hardest)).toBe(true);
    expect(d.pointsHistogram.every((b) => b.readers === 0)).toBe(true);
  });

  it('is refused to readers who are not admins, and to nobody signed in', async () => {
    const refused = await dashboardOf(grid.id, users.ann);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(messages.dashboard.adminsOnly);
    expect((await dashboardOf(grid.id)).statusCode).toBe(401);
    const missing = await dashboardOf('no-such-card', admin);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(messages.dashboard.notFound);
  });
});

describe('the season dashboard of a club card', () => {
  let owner: TestUser;
  let coOwner: TestUser;
  let member: TestUser;
  let friend: TestUser;
  let card: Awaited<ReturnType<typeof createClubCard>>;

  beforeAll(async () => {
    owner = await createUser(t.app);
    coOwner = await createUser(t.app);
    member = await createUser(t.app);
    friend = await createUser(t.app);
    const club = await createClub(t.app, owner, { name: 'Dashboard Circle' });
    for (const u of [coOwner, member, friend]) await joinClub(t.app, owner, u, club.id);
    const role = await call(t.app, 'PUT', `/api/clubs/${club.id}/members/${coOwner.id}/role`, {
      cookie: owner.cookie,
      body: { role: 'co_owner' },
    });
    expect(role.statusCode).toBe(200);
    card = await createClubCard(t.app, owner, club.id, { title: 'Circle Season' });
    await place(owner, [0], card.cells);
    await place(member, [0, 1, 2, 3], card.cells);
    await place(friend, [5], card.cells);
    // Both hide from everyone but friends; only the friend is the owner's friend.
    const { db } = t.app.deps.database;
    await db
      .updateTable('users')
      .set({ profileVisibility: 'friends' })
      .where('id', 'in', [member.id, friend.id])
      .execute();
    await befriend(t.app, owner.id, friend.id);
  });

  it("counts the club card's season for its owner, names as the board shows them", async () => {
    const response = await dashboardOf(card.id, owner);
    expect(response.statusCode).toBe(200);
    const d = response.json<DashboardResponse>();
    expect(d.grid.club).toMatchObject({ name: 'Dashboard Circle' });
    expect(d.participants).toBe(3);
    expect(d.linesCompleted).toBe(1);
    expect(d.squares.slice(0, 6).map((s) => s.readers)).toEqual([2, 1, 1, 1, 0, 1]);
    expect(d.topReaders.map((r) => [r.rank, r.username, r.points, r.isYou])).toEqual([
      [1, messages.privacy.hiddenName, 90, false],
      [2, expect.any(String), 10, expect.any(Boolean)],
      [2, expect.any(String), 10, expect.any(Boolean)],
    ]);
    const tied = d.topReaders.slice(1);
    const mine = tied.find((r) => r.userId === owner.id)!;
    const friends = tied.find((r) => r.userId === friend.id)!;
    expect(mine.isYou).toBe(true);
    expect(mine.username).not.toBe(messages.privacy.hiddenName);
    expect(friends.username).not.toBe(messages.privacy.hiddenName);
  });

  it('is for the owner and co-owners; a member is refused; outsiders are told it is not there', async () => {
    expect((await dashboardOf(card.id, coOwner)).statusCode).toBe(200);
    const asMember = await dashboardOf(card.id, member);
    expect(asMember.statusCode).toBe(403);
    expect(errorOf(asMember).message).toBe(messages.dashboard.ownersOnly);
    for (const outsider of [users.cat!, admin]) {
      const response = await dashboardOf(card.id, outsider);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(messages.dashboard.notFound);
    }
  });
});
