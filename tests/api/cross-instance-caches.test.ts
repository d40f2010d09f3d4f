import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BingoCardResponse, LeaderboardResponse } from '../../src/lib/schemas/bingo';
import { commitNamedBy, SEEN_COOKIE } from '../../src/server/http/read-your-writes';
import { createGrid, type TestGrid } from '../helpers/bingo';
import { addBooks, FILLER_BOOKS } from '../helpers/books';
import {
  createTestCluster,
  redisServer,
  useThrowawayRedis,
  waitUntilBusConnects,
  type TestCluster,
} from '../helpers/cluster';
import { call, createUser } from '../helpers/test-app';

// Decision 027: answers kept in memory (the card, the boards, sessions) on two instances on one
// database and one Redis: a write through one instance is seen through the other, at once by
// the reader who made it, and by everyone once the bus has told of it.
const onPostgres = Boolean(process.env.DATABASE_URL);

/** `cookie` with the cookies a response set added (a newer value replaces an older one). */
function withCookiesOf(cookie: string, response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const set = Array.isArray(header) ? header : header ? [header] : [];
  const pairs = new Map(
    cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const),
  );
  for (const line of set) {
    const pair = line.split(';')[0]!;
    pairs.set(pair.slice(0, pair.indexOf('=')), pair);
  }
  return [...pairs.values()].join('; ');
}

describe.skipIf(!redisServer)('answers kept in memory on two instances', () => {
  const redis = useThrowawayRedis();
  let cluster: TestCluster;
  let grid: TestGrid;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const FILLERS = FILLER_BOOKS.map((book) => book.isbn13);

  beforeAll(async () => {
    cluster = await createTestCluster(redis.current.url);
    [a, b] = cluster.apps as [FastifyInstance, FastifyInstance];
    await addBooks(a);
    grid = await createGrid(a);
    await waitUntilBusConnects(a, b);
  });
  afterAll(() => cluster?.close());

  const cardOn = async (app: FastifyInstance, cookie: string) => {
    const response = await call(app, 'GET', `/api/bingo/grids/${grid.id}`, { cookie });
    expect(response.statusCode).toBe(200);
    return response.json<BingoCardResponse>();
  };
  const place = async (app: FastifyInstance, cookie: string, square: number) => {
    const response = await call(app, 'POST', '/api/bingo/placements', {
      cookie,
      body: { cellId: grid.cells[square]!, isbn: FILLERS[square]! },
    });
    expect(response.statusCode).toBe(200);
    return response;
  };

  it('shows a placement made on one instance on the card read at once on the other', async () => {
    const reader = await createUser(a);
    // Instance b keeps the empty card (twice: the second is served from memory).
    for (let i = 0; i < 2; i += 1) {
      expect((await cardOn(b, reader.cookie)).cells[3]?.placement).toBeNull();
    }
    const placed = await place(a, reader.cookie, 3);
    const cookie = withCookiesOf(reader.cookie, placed);
    // On PostgreSQL the answer names a's commit, and b waits until it has heard of it.
    if (onPostgres) expect(cookie).toContain(`${SEEN_COOKIE}=`);
    const card = await cardOn(b, cookie);
    expect(card.cells[3]?.placement?.bookIsbn).toBe(FILLERS[3]);
    expect(card.points).toBe(placed.json<{ totalPoints: number }>().totalPoints);
  });

  it('shows the new points on the Global Top 10 and the Friends board read at once on the other', async () => {
    const reader = await createUser(a);
    const boardOn = async (app: FastifyInstance, cookie: string, scope: string) => {
      const response = await call(app, 'GET', `/api/leaderboard?scope=${scope}`, { cookie });
      expect(response.statusCode).toBe(200);
      return response.json<LeaderboardResponse>().entries.find((entry) => entry.isYou);
    };
    // Enough placements to be in the top 10 of this file's readers, and b keeps both boards.
    let before = 0;
    for (const square of [0, 1, 2, 4, 5, 8]) {
      before = (await place(a, reader.cookie, square)).json<{ totalPoints: number }>().totalPoints;
    }
    await expect.poll(async () => (await boardOn(b, reader.cookie, 'global'))?.points).toBe(before);
    await expect
      .poll(async () => (await boardOn(b, reader.cookie, 'friends'))?.points)
      .toBe(before);
    const placed = await place(a, reader.cookie, 10);
    const cookie = withCookiesOf(reader.cookie, placed);
    const total = placed.json<{ totalPoints: number }>().totalPoints;
    expect(total).toBeGreaterThan(before);
    expect((await boardOn(b, cookie, 'global'))?.points).toBe(total);
    expect((await boardOn(b, cookie, 'friends'))?.points).toBe(total);
  });

  it('reads anew on the other instance once the bus tells of a write nobody announced', async () => {
    const reader = await createUser(a);
    await place(a, reader.cookie, 6);
    const titleOnB = async () => (await cardOn(b, reader.cookie)).cells[6]?.placement?.bookTitle;
    await expect.poll(titleOnB).toBe(FILLER_BOOKS[6]!.title);
    // Straight to the table through a's connection: no service, no live message.
    await a.deps.database.db
      .updateTable('placements')
      .set({ bookTitle: 'Renamed on instance a' })
      .where('userId', '=', reader.id)
      .execute();
    await expect.poll(titleOnB).toBe('Renamed on instance a');
  });

  it('ignores a commit named in a cookie it did not sign', () => {
    const forged = `${SEEN_COOKIE}=someinstance.99.AAAAAAAAAAAAAAAAAAAAAA`;
    expect(commitNamedBy(forged, cluster.config.authSecret)).toBeUndefined();
    expect(commitNamedBy(`x=1; ${SEEN_COOKIE}=a.b.c`, cluster.config.authSecret)).toBeUndefined();
  });

  it('waits for no commit a cookie names without our signature', async () => {
    const reader = await createUser(a);
    const unheard = { origin: 'someinstance', sequence: 99 };
    // On PostgreSQL b has not heard of that commit: only the signature stands between the
    // cookie and a wait (which, timed out, would have counted the commit as heard).
    expect(b.deps.changes.waitsFor(unheard)).toBe(onPostgres);
    // First: the reader's cookie from signing in names a commit of a's already.
    const forged = `${SEEN_COOKIE}=someinstance.99.AAAAAAAAAAAAAAAAAAAAAA; ${reader.cookie}`;
    await cardOn(b, forged);
    expect(b.deps.changes.waitsFor(unheard)).toBe(onPostgres);
  });

  it('keeps nothing while Redis is away: a write on one instance is read at once on the other', async () => {
    const reader = await createUser(a);
    await place(a, reader.cookie, 7);
    await expect
      .poll(async () => (await cardOn(b, reader.cookie)).cells[7]?.placement?.bookIsbn)
      .toBe(FILLERS[7]);
    await redis.current.stop();
    await expect.poll(() => a.deps.redis?.isReady() || b.deps.redis?.isReady()).toBe(false);
    // With no bus, b cannot hear of a's commits: it reads the card and the session anew.
    await a.deps.database.db
      .updateTable('placements')
      .set({ bookTitle: 'Changed while Redis was away' })
      .where('userId', '=', reader.id)
      .execute();
    expect((await cardOn(b, reader.cookie)).cells[7]?.placement?.bookTitle).toBe(
      'Changed while Redis was away',
    );
    const out = await call(a, 'POST', '/api/auth/sign-out', { body: {}, cookie: reader.cookie });
    expect(out.statusCode).toBe(200);
    const after = await call(b, 'GET', `/api/bingo/grids/${grid.id}`, { cookie: reader.cookie });
    expect(after.statusCode).toBe(401);
  });
});
