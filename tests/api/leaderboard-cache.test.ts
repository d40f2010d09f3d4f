import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeaderboardService } from '../../src/server/modules/leaderboard/leaderboard.service';
import { createGrid, placeOk } from '../helpers/bingo';
import { befriend, viewerOf } from '../helpers/factories';
import { addBooks, HOBBIT } from '../helpers/books';
import { createTestApp, createUser, type TestApp } from '../helpers/test-app';

// Issue 10: the Global Top 10 and each friends board are served from memory, and a placement
// empties them at once.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setPoints = (id: string, points: number) =>
  t.app.deps.database.db.updateTable('users').set({ points }).where('id', '=', id).execute();

/** A board's rows as the service answers them. */
const entriesOf = async (
  service: ReturnType<typeof createLeaderboardService>,
  ...[viewer, scope]: Parameters<ReturnType<typeof createLeaderboardService>['getLeaderboard']>
) => (await service.getLeaderboard(viewer, scope)).entries;

describe('the Global Top 10 cache', () => {
  it('serves the cached rows until a placement announces new points', async () => {
    const reader = await createUser(t.app);
    const viewer = viewerOf(reader);
    // A clock that never moves: only the bus can make the cache forget.
    const service = createLeaderboardService(t.app.deps.database, t.app.deps.bus, () => 0);
    const before = await entriesOf(service, viewer, 'global');
    expect(before.find((e) => e.userId === reader.id)?.points).toBe(0);

    // Points written behind the app's back are not announced: the cache still answers.
    await setPoints(reader.id, 1000);
    expect(await entriesOf(service, viewer, 'global')).toEqual(before);

    // A placement through the API announces its points: the next read is fresh.
    await addBooks(t.app);
    const grid = await createGrid(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    const after = await entriesOf(service, viewer, 'global');
    expect(after[0]).toMatchObject({ userId: reader.id, rank: 1, isYou: true });
    expect(after[0]!.points).toBeGreaterThan(1000);
  });

  it('keeps each friends board until a placement, and reads anew when the friends change', async () => {
    const reader = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, reader.id, friend.id);
    const viewer = viewerOf(reader);
    const service = createLeaderboardService(t.app.deps.database, t.app.deps.bus, () => 0);
    const pointsOf = (entries: { userId: string; points: number }[], id: string) =>
      entries.find((e) => e.userId === id)?.points;
    const before = await entriesOf(service, viewer, 'friends');
    expect(before.map((e) => e.userId).sort()).toEqual([reader.id, friend.id].sort());

    // Unannounced points: the kept board answers.
    await setPoints(friend.id, 500);
    expect(await entriesOf(service, viewer, 'friends')).toEqual(before);

    // A new friend (announced on the relations channel) changes the ids: read anew.
    const newcomer = await createUser(t.app);
    await befriend(t.app, newcomer.id, reader.id);
    const widened = await entriesOf(service, viewer, 'friends');
    expect(widened.map((e) => e.userId).sort()).toEqual([reader.id, friend.id, newcomer.id].sort());
    expect(pointsOf(widened, friend.id)).toBe(500);

    // Another reader's board is their own, not this one's.
    const theirs = await entriesOf(service, viewerOf(friend), 'friends');
    expect(theirs.map((e) => e.userId).sort()).toEqual([reader.id, friend.id].sort());

    // Unannounced again, then a placement through the API: every board reads anew.
    await setPoints(newcomer.id, 700);
    expect(pointsOf(await entriesOf(service, viewer, 'friends'), newcomer.id)).toBe(0);
    await addBooks(t.app);
    const grid = await createGrid(t.app);
    await placeOk(t.app, friend.cookie, grid.cells[0]!, HOBBIT.isbn13);
    const after = await entriesOf(service, viewer, 'friends');
    expect(pointsOf(after, newcomer.id)).toBe(700);
    expect(pointsOf(after, friend.id)).toBeGreaterThan(500);
  });

  it("answers a viewer with the same frozen board until its rows or the viewer's friends change", async () => {
    const reader = await createUser(t.app);
    const viewer = viewerOf(reader);
    const service = createLeaderboardService(t.app.deps.database, t.app.deps.bus, () => 0);
    const first = await service.getLeaderboard(viewer, 'friends');
    expect(await service.getLeaderboard(viewer, 'friends')).toBe(first);
    expect(Object.isFrozen(first.entries[0])).toBe(true);
    // Another viewer of the same Top 10 is answered for themselves ("isYou").
    const top = await service.getLeaderboard(viewer, 'global');
    const someoneElse = await createUser(t.app);
    expect(await service.getLeaderboard(viewerOf(someoneElse), 'global')).not.toBe(top);
    // A new friend: a new answer with them in it.
    const friend = await createUser(t.app);
    await befriend(t.app, reader.id, friend.id);
    const widened = await service.getLeaderboard(viewer, 'friends');
    expect(widened).not.toBe(first);
    expect(widened.entries.map((e) => e.userId)).toContain(friend.id);
  });
});
