import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveBoard } from '../../src/lib/live-events';
import { LEADERBOARD_TOP } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import { LIVE_EVENT, type LeaderboardResponse } from '../../src/lib/schemas/bingo';
import { createGrid, placeOk, type TestGrid } from '../helpers/bingo';
import { addBooks, FILLER_BOOKS } from '../helpers/books';
import { createClub, createClubCard, joinClub } from '../helpers/clubs';
import { befriend } from '../helpers/factories';
import { listen } from '../helpers/live-events';
import { call, createUser, type TestApp, type TestUser, createTestApp } from '../helpers/test-app';

// Issue 27, decision 028: a placement's `leaderboard` update reaches the streams whose boards it
// changed, and the leaderboards forget only those boards.
let t: TestApp;
let grid: TestGrid;
const FILLERS = FILLER_BOOKS.map((b) => b.isbn13);
/** The live updates' window here (the hub's tests prove the window itself). */
const WINDOW_MS = 250;
/** What the tenth of the Global Top 10 has: a first book (10 points) stays below it. */
const TENTH = 15;

beforeAll(async () => {
  // A shorter window than the product's second: this file waits one out a dozen times.
  t = await createTestApp({}, { config: { leaderboardWindowMs: WINDOW_MS } });
  await addBooks(t.app);
  grid = await createGrid(t.app);
  // A full Global Top 10 above every reader below.
  for (let i = 0; i < LEADERBOARD_TOP; i += 1) {
    const leader = await createUser(t.app);
    await setPoints(leader.id, TENTH + (LEADERBOARD_TOP - 1 - i) * 10);
  }
});
afterAll(() => t.close());

function setPoints(id: string, points: number) {
  return t.app.deps.database.db.updateTable('users').set({ points }).where('id', '=', id).execute();
}

async function board(user: TestUser, scope: 'global' | 'friends') {
  const response = await call(t.app, 'GET', `/api/leaderboard?scope=${scope}`, {
    cookie: user.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json<LeaderboardResponse>().entries;
}

/** A stream of `user` showing `boards`, and how many leaderboard updates it has heard. */
async function stream(user: TestUser, boards?: readonly LiveBoard[]) {
  const { reader } = await listen(t.app, user.cookie, boards);
  await expect.poll(() => reader.comments).toContain('connected');
  return {
    reader,
    heard: () => reader.messages.filter((m) => m.event === LIVE_EVENT.leaderboard).length,
  };
}

/** Long enough for any update already noted to have been written, and its window to end. */
const windowPasses = () => new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 300));

/** Three new readers: the placer and a friend of theirs, and a stranger to both. */
async function placerFriendStranger() {
  const [placer, friend, stranger] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
  ]);
  await befriend(t.app, placer.id, friend.id);
  return { placer, friend, stranger };
}

describe('who hears that a leaderboard changed', () => {
  it("tells the placer's friends, not a stranger, until the placer enters the Global Top 10", async () => {
    const { placer, friend, stranger } = await placerFriendStranger();
    const [placers, friends, strangers] = await Promise.all([
      stream(placer),
      stream(friend),
      stream(stranger),
    ]);
    await windowPasses();
    // Both boards read, so both are kept (for TOP_PLAYERS_TTL_MS: the checks below come sooner).
    const topBefore = await board(stranger, 'global');
    expect(topBefore).toHaveLength(LEADERBOARD_TOP);
    expect((await board(friend, 'friends')).find((e) => e.userId === placer.id)?.points).toBe(0);
    const before = [placers.heard(), friends.heard(), strangers.heard()];

    // Points of a leader written behind the app's back: the kept top answers as it was, so a
    // read after the placement shows whether the placement made it forget.
    const [leader] = topBefore;
    await setPoints(leader!.userId, leader!.points + 1);
    await placeOk(t.app, placer.cookie, grid.cells[0]!, FILLERS[0]!);
    // The friend's board shows the new points at once; the stranger's top stayed kept.
    expect((await board(friend, 'friends')).find((e) => e.userId === placer.id)?.points).toBe(10);
    expect(await board(stranger, 'global')).toEqual(topBefore);
    await friends.reader.waitFor(LIVE_EVENT.leaderboard, before[1]! + 1);
    await placers.reader.waitFor(LIVE_EVENT.leaderboard, before[0]! + 1);
    await windowPasses();
    expect(strangers.heard()).toBe(before[2]);

    // The second book (20 points) reaches the tenth's total: the top changed, every stream hears.
    await placeOk(t.app, placer.cookie, grid.cells[1]!, FILLERS[1]!);
    await strangers.reader.waitFor(LIVE_EVENT.leaderboard, before[2]! + 1);
    const topAfter = await board(stranger, 'global');
    expect(topAfter.map((e) => e.userId)).toContain(placer.id);
    expect(topAfter[0]!.points).toBe(leader!.points + 1);
  });

  it('tells a page only of the boards it shows, and a card its own points', async () => {
    const { placer, friend, stranger } = await placerFriendStranger();
    // The placer and the friend on their cards, the friend's other tab and the stranger with the
    // leaderboard open, and the stranger's club card's board.
    const [placerCard, friendCard, friendBoards, strangerBoards, strangerClub] = await Promise.all([
      stream(placer, []),
      stream(friend, []),
      stream(friend, ['friends', 'global']),
      stream(stranger, ['friends', 'global']),
      stream(stranger, ['club']),
    ]);
    await windowPasses();
    const heard = () =>
      [placerCard, friendCard, friendBoards, strangerBoards, strangerClub].map((s) => s.heard());
    const before = heard();

    // A first book, below the top: the friend's open board hears it, no card does.
    await placeOk(t.app, placer.cookie, grid.cells[0]!, FILLERS[3]!);
    await friendBoards.reader.waitFor(LIVE_EVENT.leaderboard, before[2]! + 1);
    const points = await placerCard.reader.waitFor(LIVE_EVENT.points);
    expect(points.at(-1)?.data).toBe(JSON.stringify({ totalPoints: 10 }));
    await windowPasses();
    expect(heard()).toEqual([before[0], before[1], before[2]! + 1, before[3], before[4]]);

    // The second reaches the top: the stranger's open Global Top 10 hears it, still no card,
    // and no club board.
    await placeOk(t.app, placer.cookie, grid.cells[1]!, FILLERS[4]!);
    await strangerBoards.reader.waitFor(LIVE_EVENT.leaderboard, before[3]! + 1);
    await windowPasses();
    expect(heard()).toEqual([before[0], before[1], before[2]! + 2, before[3]! + 1, before[4]]);
  });

  it('refuses a stream naming a board there is not', async () => {
    const reader = await createUser(t.app);
    const response = await call(t.app, 'GET', '/api/events?boards=friends,everything', {
      cookie: reader.cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: messages.generic.badRequest },
    });
    expect(t.app.liveEvents.connectionsOf(reader.id)).toBe(0);
  });

  it('tells everyone of a reset of the grid: points went down', async () => {
    const [placer, stranger] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const strangers = await stream(stranger);
    await windowPasses();
    const before = strangers.heard();
    // A placement below the top first: the stranger does not hear it.
    await placeOk(t.app, placer.cookie, grid.cells[0]!, FILLERS[2]!);
    await windowPasses();
    expect(strangers.heard()).toBe(before);

    const reset = await call(t.app, 'DELETE', `/api/bingo/grids/${grid.id}/placements`, {
      cookie: placer.cookie,
    });
    expect(reset.statusCode).toBe(200);
    await strangers.reader.waitFor(LIVE_EVENT.leaderboard, before + 1);
  });

  it("tells a club's members of a placement on its card, and nobody else", async () => {
    const [owner, member, stranger] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    const club = await createClub(t.app, owner);
    await joinClub(t.app, owner, member, club.id);
    const card = await createClubCard(t.app, owner, club.id);
    const [members, strangers] = await Promise.all([stream(member), stream(stranger)]);
    await windowPasses();
    const before = [members.heard(), strangers.heard()];

    await placeOk(t.app, owner.cookie, card.cells[0]!, FILLERS[4]!);
    await members.reader.waitFor(LIVE_EVENT.leaderboard, before[0]! + 1);
    await windowPasses();
    expect(strangers.heard()).toBe(before[1]);
    // Club points are not the reader's total (decision 016): no `points` event either.
    expect(members.reader.messages.filter((m) => m.event === LIVE_EVENT.points)).toEqual([]);
  });
});

describe('after a reset of the grid lowered a total', () => {
  let own: TestApp;
  let ownGrid: TestGrid;
  beforeAll(async () => {
    own = await createTestApp({}, { config: { leaderboardWindowMs: WINDOW_MS } });
    await addBooks(own.app);
    ownGrid = await createGrid(own.app);
  });
  afterAll(() => own.close());

  it('decides with the Global Top 10 as it now is, not as it was before the reset', async () => {
    // Ten leaders at 10 to 19 points: the tenth has 10.
    for (let points = 10; points < 10 + LEADERBOARD_TOP; points += 1) {
      const leader = await createUser(own.app);
      await own.app.deps.database.db
        .updateTable('users')
        .set({ points })
        .where('id', '=', leader.id)
        .execute();
    }
    const [resetter, placer, stranger] = await Promise.all([
      createUser(own.app),
      createUser(own.app),
      createUser(own.app),
    ]);
    const { reader } = await listen(own.app, stranger.cookie);
    await expect.poll(() => reader.comments).toContain('connected');
    const heard = () => reader.messages.filter((m) => m.event === LIVE_EVENT.leaderboard).length;

    // Two books take the resetter to 20, into the top: its tenth is now 11.
    await placeOk(own.app, resetter.cookie, ownGrid.cells[0]!, FILLERS[0]!);
    await placeOk(own.app, resetter.cookie, ownGrid.cells[1]!, FILLERS[1]!);
    await windowPasses();
    const top = await call(own.app, 'GET', '/api/leaderboard?scope=global', {
      cookie: stranger.cookie,
    });
    const entries = top.json<LeaderboardResponse>().entries;
    expect(entries.map((e) => e.userId)).toContain(resetter.id);
    expect(entries.at(-1)!.points).toBe(11);

    // The reset takes the resetter out: the tenth has 10 again.
    const reset = await call(own.app, 'DELETE', `/api/bingo/grids/${ownGrid.id}/placements`, {
      cookie: resetter.cookie,
    });
    expect(reset.statusCode).toBe(200);
    await windowPasses();
    const before = heard();

    // 10 points reach today's tenth (below the 11 it had): the top may change, everyone hears.
    await placeOk(own.app, placer.cookie, ownGrid.cells[0]!, FILLERS[2]!);
    await reader.waitFor(LIVE_EVENT.leaderboard, before + 1);
  });
});
