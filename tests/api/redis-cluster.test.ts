import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_TOP } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import { LIVE_EVENT } from '../../src/lib/schemas/bingo';
import { LEADERBOARD_WINDOW_MS, LIVE_CHANNELS } from '../../src/server/events/hub';
import { createGrid, placeOk, type TestGrid } from '../helpers/bingo';
import { addBooks, FILLER_BOOKS } from '../helpers/books';
import {
  createTestCluster,
  redisServer,
  useThrowawayRedis,
  waitUntilBusConnects,
  type TestCluster,
} from '../helpers/cluster';
import { befriend } from '../helpers/factories';
import { listen } from '../helpers/live-events';
import {
  call,
  createGuest,
  createUser,
  errorOf,
  signIn,
  STRONG_PASSWORD,
} from '../helpers/test-app';

// Two instances of the app on one database and one real Redis, as behind a load balancer.
describe.skipIf(!redisServer)('two instances sharing Redis', () => {
  const redis = useThrowawayRedis();
  let cluster: TestCluster;
  let grid: TestGrid;
  const FILLERS = FILLER_BOOKS.map((b) => b.isbn13);

  beforeAll(async () => {
    cluster = await createTestCluster(redis.current.url, {
      config: { readingRateLimits: { leaderboardUpdates: { max: 4 } } },
    });
    const [a, b] = cluster.apps;
    await addBooks(a!);
    grid = await createGrid(a!);
    await waitUntilBusConnects(a!, b!);
  });
  afterAll(() => cluster?.close());

  const apps = () => cluster.apps as [(typeof cluster.apps)[0], (typeof cluster.apps)[0]];
  /** The status of a request only a signed-in session may make. */
  const statusOf = async (app: (typeof cluster.apps)[0], cookie: string) =>
    (await call(app, 'GET', '/api/settings/reset-date', { cookie })).statusCode;

  it('accepts the same session cookie on both', async () => {
    const [a, b] = apps();
    const reader = await createUser(a);
    for (const app of [a, b]) expect(await statusOf(app, reader.cookie)).toBe(200);
  });

  it('brings a placement on one instance to an event stream on the other', async () => {
    const [a, b] = apps();
    const [placer, watcher] = await Promise.all([createUser(a), createUser(b)]);
    const ownTab = await listen(b, placer.cookie);
    const someoneElse = await listen(b, watcher.cookie);

    const placed = await placeOk(a, placer.cookie, grid.cells[0]!, FILLERS[0]!);

    const [points] = await ownTab.reader.waitFor(LIVE_EVENT.points);
    expect(JSON.parse(points!.data)).toEqual({ totalPoints: placed.totalPoints });
    await someoneElse.reader.waitFor(LIVE_EVENT.leaderboard);
    expect(someoneElse.reader.messages.map((m) => m.event)).not.toContain(LIVE_EVENT.points);
  });

  it("brings a placement below the Global Top 10 to the placer's friend on the other instance, not to a stranger", async () => {
    const [a, b] = apps();
    // A full top far above a first book, announced as the app's own writers do (everyone's).
    for (let i = 0; i < LEADERBOARD_TOP; i += 1) {
      const leader = await createUser(a);
      await a.deps.database.db
        .updateTable('users')
        .set({ points: 10_000 + i })
        .where('id', '=', leader.id)
        .execute();
    }
    a.deps.bus.publish(LIVE_CHANNELS.leaderboard, '');
    const [placer, friend, stranger] = await Promise.all([
      createUser(a),
      createUser(b),
      createUser(b),
    ]);
    await befriend(a, placer.id, friend.id);
    const friends = await listen(b, friend.cookie);
    const strangers = await listen(b, stranger.cookie);
    await expect.poll(() => strangers.reader.comments).toContain('connected');
    // Whatever the announcement above wrote has been written, and its window ended.
    await new Promise((resolve) => setTimeout(resolve, LEADERBOARD_WINDOW_MS + 300));
    const heard = (stream: typeof strangers) =>
      stream.reader.messages.filter((m) => m.event === LIVE_EVENT.leaderboard).length;
    const before = [heard(friends), heard(strangers)] as const;

    await placeOk(a, placer.cookie, grid.cells[1]!, FILLERS[1]!);
    await friends.reader.waitFor(LIVE_EVENT.leaderboard, before[0] + 1);
    await new Promise((resolve) => setTimeout(resolve, LEADERBOARD_WINDOW_MS + 300));
    expect(heard(strangers)).toBe(before[1]);
  });

  it("shows an admin's correction of a square on the other instance too (issue 23)", async () => {
    const [a, b] = apps();
    const [admin, reader] = await Promise.all([createUser(a, { role: 'admin' }), createUser(b)]);
    const challengeOnB = async () =>
      (await call(b, 'GET', `/api/bingo/grids/${grid.id}`, { cookie: reader.cookie })).json<{
        cells: { challenge: string }[];
      }>().cells[15]?.challenge;
    const before = await challengeOnB(); // b keeps the grid's squares from here on
    const edit = await call(a, 'PUT', `/api/admin/grids/${grid.id}/cells/15`, {
      cookie: admin.cookie,
      body: { challenge: 'A book by an author who shares your first name' },
    });
    expect(edit.statusCode).toBe(200);
    // The bus carries the correction; a busy machine (the whole suite at once) can take over 1 s.
    await expect
      .poll(challengeOnB, { timeout: 10_000 })
      .toBe('A book by an author who shares your first name');
    expect(before).not.toBe('A book by an author who shares your first name');
  });

  it("counts a reader's limit across both instances", async () => {
    const [a, b] = apps();
    const reader = await createUser(a);
    const leaderboard = (app: typeof a) =>
      call(app, 'GET', '/api/leaderboard?scope=global', { cookie: reader.cookie });
    // The limit is 4: two on each instance use it up, so the fifth is refused wherever it goes.
    for (const app of [a, b, a, b]) expect((await leaderboard(app)).statusCode).toBe(200);
    for (const app of [a, b]) {
      const refused = await leaderboard(app);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).message).toBe(messages.rateLimit.leaderboardUpdates);
    }
  });

  it('shares the refill throttle of recommendations', async () => {
    const [a, b] = apps();
    const reader = await createUser(a);
    const first = await call(a, 'GET', '/api/recommendations/queue', { cookie: reader.cookie });
    expect(first.statusCode).not.toBe(429);
    // Sooner than 5 s after the last refill, on the other instance too (SPEC.md section 9).
    const second = await call(b, 'GET', '/api/recommendations/queue', { cookie: reader.cookie });
    expect(second.statusCode).toBe(429);
    expect(errorOf(second).message).toBe(messages.rateLimit.refreshRemaining(9));
  });

  it('ends a signed-out session on every instance at once', async () => {
    const [a, b] = apps();
    const reader = await createUser(a);
    const guest = await createGuest(b);
    // Both instances have seen the sessions (a session cache would hold them now).
    for (const app of [a, b]) {
      expect(await statusOf(app, reader.cookie)).toBe(200);
      expect(await statusOf(app, guest)).toBe(200);
    }
    const out = await call(a, 'POST', '/api/auth/sign-out', { body: {}, cookie: reader.cookie });
    expect(out.statusCode).toBe(200);
    expect(await statusOf(b, reader.cookie)).toBe(401);
    expect(await statusOf(a, reader.cookie)).toBe(401);
    // Other sessions are untouched.
    expect(await statusOf(a, guest)).toBe(200);
  });

  it('ends every session of an account on every instance when its password is reset', async () => {
    const [a, b] = apps();
    const reader = await createUser(a);
    const elsewhere = await signIn(b, reader.email, reader.password);
    for (const [app, cookie] of [
      [a, reader.cookie],
      [b, elsewhere],
    ] as const) {
      expect(await statusOf(app, cookie)).toBe(200);
    }
    // The mail goes out through the first instance (not awaited by the request).
    const request = await call(a, 'POST', '/api/auth/request-password-reset', {
      body: { email: reader.email, redirectTo: '/reset-password' },
    });
    expect(request.statusCode).toBe(200);
    await expect.poll(() => cluster.sentMail.find((m) => m.to === reader.email)).toBeDefined();
    const link = cluster.sentMail.find((m) => m.to === reader.email)?.link ?? '';
    const token = new URL(link).searchParams.get('token');
    const reset = await call(b, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: `${STRONG_PASSWORD}x` },
    });
    expect(reset.statusCode).toBe(200);
    for (const app of [a, b]) {
      for (const cookie of [reader.cookie, elsewhere]) {
        expect(await statusOf(app, cookie)).toBe(401);
      }
    }
  });
});
