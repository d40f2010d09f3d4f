import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeaderboardService } from '../../src/server/modules/leaderboard/leaderboard.service';
import type { Viewer } from '../../src/server/http/viewer';
import { createGrid, placeOk } from '../helpers/bingo';
import { addBooks, HOBBIT } from '../helpers/books';
import { createTestApp, createUser, type TestApp } from '../helpers/test-app';

// Issue 10: the Global Top 10 is served from memory, and a placement empties it at once.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the Global Top 10 cache', () => {
  it('serves the cached rows until a placement announces new points', async () => {
    const reader = await createUser(t.app);
    const viewer: Viewer = {
      id: reader.id,
      email: reader.email,
      username: null,
      name: 'reader',
      role: 'user',
      isAnonymous: false,
      isAdmin: false,
    };
    // A clock that never moves: only the bus can make the cache forget.
    const service = createLeaderboardService(t.app.deps.database, t.app.deps.bus, () => 0);
    const before = await service.getLeaderboard(viewer, 'global');
    expect(before.find((e) => e.userId === reader.id)?.points).toBe(0);

    // Points written behind the app's back are not announced: the cache still answers.
    await t.app.deps.database.db
      .updateTable('users')
      .set({ points: 1000 })
      .where('id', '=', reader.id)
      .execute();
    expect(await service.getLeaderboard(viewer, 'global')).toEqual(before);

    // A placement through the API announces its points: the next read is fresh.
    await addBooks(t.app);
    const grid = await createGrid(t.app);
    await placeOk(t.app, reader.cookie, grid.cells[0]!, HOBBIT.isbn13);
    const after = await service.getLeaderboard(viewer, 'global');
    expect(after[0]).toMatchObject({ userId: reader.id, rank: 1, isYou: true });
    expect(after[0]!.points).toBeGreaterThan(1000);
  });
});
