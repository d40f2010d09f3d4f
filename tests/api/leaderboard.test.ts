import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_TOP } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import type { LeaderboardResponse } from '../../src/lib/schemas/bingo';
import { READING_RATE_LIMITS } from '../../src/server/http/rate-limit-rules';
import { createGrid, placeOk } from '../helpers/bingo';
import { addBooks, HOBBIT } from '../helpers/books';
import { befriend } from '../helpers/factories';
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

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setPoints(user: { id: string }, points: number) {
  await t.app.deps.database.db
    .updateTable('users')
    .set({ points })
    .where('id', '=', user.id)
    .execute();
}

async function usernameOf(user: TestUser) {
  const row = await t.app.deps.database.db
    .selectFrom('users')
    .select('displayUsername')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return row.displayUsername;
}

function leaderboard(cookie: string, scope?: string) {
  const query = scope === undefined ? '' : `?scope=${scope}`;
  return call(t.app, 'GET', `/api/leaderboard${query}`, { cookie });
}

async function entriesOf(cookie: string, scope: string) {
  const response = await leaderboard(cookie, scope);
  expect(response.statusCode).toBe(200);
  return response.json<LeaderboardResponse>().entries;
}

describe('Global Top 10', () => {
  let players: TestUser[];
  let guestCookie: string;

  beforeAll(async () => {
    players = [];
    for (let i = 0; i < 12; i += 1) players.push(await createUser(t.app));
    // 12 readers with 1000, 990, ... points; the 3rd and 4th tie.
    for (const [i, player] of players.entries()) await setPoints(player, 1000 - i * 10);
    await setPoints(players[3]!, 980);
    guestCookie = await createGuest(t.app);
    const guest = await call(t.app, 'GET', '/api/me', { cookie: guestCookie });
    // A guest with more points than anyone still never shows.
    await setPoints(guest.json<{ user: { id: string } }>().user, 5000);
  });

  it('lists the ten readers with the most points, guests left out', async () => {
    const entries = await entriesOf(players[11]!.cookie, 'global');
    expect(entries).toHaveLength(LEADERBOARD_TOP);
    // Equal points (the 3rd and 4th) are ordered by id, so compare the set of players.
    expect(new Set(entries.map((e) => e.userId))).toEqual(
      new Set(players.slice(0, 10).map((p) => p.id)),
    );
    expect(entries.map((e) => e.points)).toEqual([
      1000, 990, 980, 980, 960, 950, 940, 930, 920, 910,
    ]);
    expect(entries.every((e) => !e.isYou)).toBe(true);
  });

  it('shares a rank between equal points and marks you', async () => {
    const entries = await entriesOf(players[2]!.cookie, 'global');
    expect(entries.map((e) => e.rank)).toEqual([1, 2, 3, 3, 5, 6, 7, 8, 9, 10]);
    expect(entries.filter((e) => e.isYou).map((e) => e.userId)).toEqual([players[2]!.id]);
    expect(entries[0]).toEqual({
      rank: 1,
      userId: players[0]!.id,
      username: await usernameOf(players[0]!),
      points: 1000,
      isYou: false,
    });
  });

  it('is the default scope, and guests may look', async () => {
    const entries = (await leaderboard(guestCookie)).json<LeaderboardResponse>().entries;
    expect(entries).toEqual(await entriesOf(players[11]!.cookie, 'global'));
  });

  it('follows points earned on the card', async () => {
    await addBooks(t.app);
    const grid = await createGrid(t.app);
    const climber = players[11]!;
    await setPoints(climber, 1995);
    await placeOk(t.app, climber.cookie, grid.cells[0]!, HOBBIT.isbn13);
    const [first] = await entriesOf(climber.cookie, 'global');
    expect(first).toMatchObject({ userId: climber.id, points: 2005, isYou: true, rank: 1 });
    await setPoints(climber, 890);
  });
});

describe('Friends', () => {
  it('lists you and your accepted friends, whoever sent the request', async () => {
    const [me, sentByMe, sentToMe, pending, stranger] = await Promise.all(
      Array.from({ length: 5 }, () => createUser(t.app)),
    );
    await befriend(t.app, me!.id, sentByMe!.id);
    await befriend(t.app, sentToMe!.id, me!.id);
    await befriend(t.app, me!.id, pending!.id, 'pending');
    await befriend(t.app, sentByMe!.id, stranger!.id);
    await setPoints(me!, 30);
    await setPoints(sentByMe!, 50);
    await setPoints(sentToMe!, 10);
    await setPoints(pending!, 100);
    await setPoints(stranger!, 70);

    const entries = await entriesOf(me!.cookie, 'friends');
    expect(entries.map((e) => [e.rank, e.userId, e.points, e.isYou])).toEqual([
      [1, sentByMe!.id, 50, false],
      [2, me!.id, 30, true],
      [3, sentToMe!.id, 10, false],
    ]);
  });

  it('shows just you when you have no friends yet', async () => {
    const loner = await createUser(t.app);
    const entries = await entriesOf(loner.cookie, 'friends');
    expect(entries).toEqual([
      { rank: 1, userId: loner.id, username: await usernameOf(loner), points: 0, isYou: true },
    ]);
  });
});

describe('refusals', () => {
  it('refuses signed-out visitors', async () => {
    const response = await call(t.app, 'GET', '/api/leaderboard');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe(messages.access.loginRequired);
  });

  it('refuses an unknown scope', async () => {
    const user = await createUser(t.app);
    expect((await leaderboard(user.cookie, 'everyone')).statusCode).toBe(400);
  });

  it('answers the leaderboard text once a reader refreshes too often', async () => {
    const user = await createUser(t.app);
    const { max } = READING_RATE_LIMITS.leaderboardUpdates;
    for (let i = 0; i < max; i += 1) {
      expect((await leaderboard(user.cookie, 'friends')).statusCode).toBe(200);
    }
    const limited = await leaderboard(user.cookie, 'global');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toBe(messages.rateLimit.leaderboardUpdates);
  });
});
