import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CELL_COUNT } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import { computePlacementPoints } from '../../src/lib/scoring';
import type { DatabaseHandle } from '../../src/server/db/database';
import { PAST_GRID_TITLE } from '../../src/server/seed/community';
import { COMMUNITY_READERS, DEMO_CLUB } from '../../src/server/seed/community-data';
import { DEMO_READER } from '../../src/server/seed/demo-accounts';
import { seedAtStartUp } from '../../src/server/seed/seed';
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  signIn,
  type TestApp,
} from '../helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The points a card's marked squares earn together, scored one placement at a time. */
function scoreOf(positions: readonly number[]): number {
  const marked = new Set<number>();
  let total = 0;
  for (const position of positions) {
    total += computePlacementPoints(marked, position).total;
    marked.add(position);
  }
  return total;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

async function countOf(database: DatabaseHandle, table: 'users' | 'blogPosts' | 'clubs') {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every placement: whose, on which card (shared or a club's), where, which book, its points. */
async function placementsOf(database: DatabaseHandle) {
  const rows = await database.db
    .selectFrom('placements as p')
    .innerJoin('cells as c', 'c.id', 'p.cellId')
    .innerJoin('grids as g', 'g.id', 'p.gridId')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.userId', 'u.email', 'p.gridId', 'g.title', 'g.clubId', 'c.position'])
    .select(['p.bookIsbn', 'p.points', 'p.ruleMet', 'p.createdAt'])
    .orderBy('u.email')
    .orderBy('g.title')
    .orderBy('c.position')
    .execute();
  return rows.map((row) => ({
    ...row,
    position: Number(row.position),
    points: Number(row.points),
    ruleMet: row.ruleMet === null ? null : Number(row.ruleMet),
    createdAt: new Date(row.createdAt).getTime(),
  }));
}

describe('the demo community (issue 22)', () => {
  let t: TestApp;
  let tookMs = 0;
  let seed: Awaited<ReturnType<typeof seedAtStartUp>>;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true' });
    const started = performance.now();
    seed = await seedAtStartUp(t.config, t.app.deps.database, t.app.deps.auth);
    tookMs = performance.now() - started;
  });
  afterAll(() => t.close());

  it('is about twenty readers who can sign in, most of them visible, in a little time', async () => {
    const { database } = t.app.deps;
    expect(seed).toMatchObject({ seeded: true, community: true });
    console.info(`the demo community seeded in ${Math.round(tookMs)} ms (${database.kind})`);
    expect(await countOf(database, 'users')).toBe(2 + COMMUNITY_READERS.length);
    expect(COMMUNITY_READERS.length).toBeGreaterThanOrEqual(18);
    const hidden = COMMUNITY_READERS.filter((r) => r.visibility !== 'everyone');
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.length).toBeLessThan(COMMUNITY_READERS.length / 4);
    const cookie = await signIn(
      t.app,
      `${COMMUNITY_READERS[0]!.key}@hedgehog-bingo.local`,
      DEMO_READER.password,
    );
    const me = await call(t.app, 'GET', '/api/me', { cookie });
    expect(me.json<{ user: { username: string } }>().user.username).toBe(
      COMMUNITY_READERS[0]!.username,
    );
  });

  it('scores every placement as a real one: each total is the sum of its placements, lines and full cards included', async () => {
    const { database } = t.app.deps;
    const placements = await placementsOf(database);
    expect(placements.length).toBeGreaterThan(150);
    const cards = groupBy(placements, (p) => `${p.userId} ${p.gridId}`);
    for (const card of cards.values()) {
      const stored = card.reduce((sum, p) => sum + p.points, 0);
      expect(stored, `${card[0]!.email} on ${card[0]!.title}`).toBe(
        scoreOf(card.map((p) => p.position)),
      );
    }
    // users.points is the shared cards' sum (a club card's points stay in the club).
    const users = await database.db.selectFrom('users').select(['id', 'email', 'points']).execute();
    for (const user of users) {
      const shared = placements.filter((p) => p.userId === user.id && p.clubId === null);
      expect(Number(user.points), user.email).toBe(shared.reduce((sum, p) => sum + p.points, 0));
    }
    const current = placements.filter((p) => p.title !== PAST_GRID_TITLE && p.clubId === null);
    const perReader = [...groupBy(current, (p) => p.userId).values()];
    // Varied: a full card, readers with a line, readers without one.
    expect(perReader.some((card) => card.length === CELL_COUNT)).toBe(true);
    const lines = perReader.map(
      (card) => card.reduce((s, p) => s + p.points, 0) - 10 * card.length,
    );
    expect(lines.filter((bonus) => bonus > 0).length).toBeGreaterThanOrEqual(5);
    expect(lines.filter((bonus) => bonus === 0).length).toBeGreaterThanOrEqual(5);
    // Real books of the demo catalogue, each meeting its square's rule or unknown, never a miss.
    const isbns = [...new Set(placements.map((p) => p.bookIsbn))];
    const demoBooks = await database.db
      .selectFrom('books')
      .select('isbn')
      .where('source', '=', 'demo')
      .where('isbn', 'in', isbns)
      .execute();
    expect(demoBooks).toHaveLength(isbns.length);
    expect(placements.filter((p) => p.ruleMet === 0)).toEqual([]);
  });

  it("gives the demo reader friends, a card with a line, a past card's history and the club", async () => {
    const cookie = await signIn(t.app, DEMO_READER.email, DEMO_READER.password);
    const { grids } = (await call(t.app, 'GET', '/api/grids', { cookie })).json<{
      grids: { id: string; title: string; isCurrent: boolean; club?: { name: string } | null }[];
    }>();
    const shared = grids.filter((g) => !g.club);
    expect(shared.map((g) => [g.title, g.isCurrent])).toEqual([
      ['May Reading Challenge', true],
      [PAST_GRID_TITLE, false],
    ]);
    const clubCard = grids.find((g) => g.club?.name === DEMO_CLUB.name);
    expect(clubCard?.isCurrent).toBe(true);

    type Card = {
      cells: { position: number; placement: unknown }[];
      points: number;
      resetDate: string | null;
    };
    const card = (
      await call(t.app, 'GET', `/api/bingo/grids/${shared[0]!.id}`, { cookie })
    ).json<Card>();
    const marked = card.cells.filter((c) => c.placement).map((c) => c.position);
    expect(marked).toEqual(expect.arrayContaining([0, 1, 2, 3]));
    // A reset date about a month ahead, so the days-left badge shows.
    const daysLeft = (new Date(card.resetDate!).getTime() - Date.now()) / DAY_MS;
    expect(daysLeft).toBeGreaterThan(27);
    expect(daysLeft).toBeLessThan(33);

    const past = (
      await call(t.app, 'GET', `/api/bingo/grids/${shared[1]!.id}`, { cookie })
    ).json<Card>();
    expect(past.cells.filter((c) => c.placement).length).toBeGreaterThan(0);

    const friends = (await call(t.app, 'GET', '/api/friends', { cookie })).json<{
      friends: { status: string; isReceived: boolean }[];
    }>().friends;
    expect(friends.filter((f) => f.status === 'accepted').length).toBeGreaterThanOrEqual(5);
    expect(friends.filter((f) => f.status === 'pending' && f.isReceived)).toHaveLength(1);

    const feed = (await call(t.app, 'GET', '/api/posts?filter=friends', { cookie })).json<{
      posts: { body: string }[];
    }>();
    expect(feed.posts.length).toBeGreaterThan(3);
  });

  it("has squares where 3 or more readers used one book: the demo reader's sheet lists them (issue 25)", async () => {
    const cookie = await signIn(t.app, DEMO_READER.email, DEMO_READER.password);
    const { grids } = (await call(t.app, 'GET', '/api/grids', { cookie })).json<{
      grids: { id: string; isCurrent: boolean; club?: unknown }[];
    }>();
    const shared = grids.find((g) => g.isCurrent && !g.club)!;
    const card = (await call(t.app, 'GET', `/api/bingo/grids/${shared.id}`, { cookie })).json<{
      cells: { id: string; challenge: string; placement: unknown }[];
    }>();
    const lists = new Map<string, { title: string; readers: number }[]>();
    for (const cell of card.cells.filter((c) => !c.placement)) {
      const response = await call(t.app, 'GET', `/api/bingo/cells/${cell.id}/popular`, { cookie });
      const { books } = response.json<{ books: { title: string; readers: number }[] }>();
      lists.set(
        cell.challenge,
        books.map(({ title, readers }) => ({ title, readers })),
      );
    }
    expect(lists.get("A children's book")).toEqual([
      { title: "Charlotte's Web", readers: 4 },
      { title: 'Matilda', readers: 3 },
    ]);
    // The Remains of the Day: two readers who show their profile and one who does not.
    expect(lists.get('An award-winning book')).toEqual([
      { title: 'All the Light We Cannot See', readers: 4 },
    ]);
    // Station Eleven: three favourites and one reader's own pick who show their profile;
    // Ursula's profile is for friends, so her placement is not among them.
    expect(lists.get('A book by a female author')).toEqual([
      { title: 'Station Eleven', readers: 4 },
    ]);
  });

  it('has a past card whose history stays and which takes no new book', async () => {
    const { database } = t.app.deps;
    const placements = await placementsOf(database);
    const past = placements.filter((p) => p.title === PAST_GRID_TITLE);
    expect(new Set(past.map((p) => p.userId)).size).toBeGreaterThanOrEqual(10);
    const grids = await database.db
      .selectFrom('grids')
      .select(['id', 'title', 'createdAt'])
      .execute();
    const startOf = (title: string) =>
      new Date(grids.find((g) => g.title === title)!.createdAt).getTime();
    const currentStart = startOf('May Reading Challenge');
    expect(startOf(PAST_GRID_TITLE)).toBeLessThan(currentStart);
    expect(Math.max(...past.map((p) => p.createdAt))).toBeLessThan(currentStart);
    const current = placements.filter((p) => p.title === 'May Reading Challenge');
    expect(Math.min(...current.map((p) => p.createdAt))).toBeGreaterThan(currentStart);

    const cookie = await signIn(t.app, DEMO_READER.email, DEMO_READER.password);
    const pastGrid = grids.find((g) => g.title === PAST_GRID_TITLE)!;
    const cell = await database.db
      .selectFrom('cells')
      .select('id')
      .where('gridId', '=', pastGrid.id)
      .where('position', '=', 15)
      .executeTakeFirstOrThrow();
    const refused = await call(t.app, 'POST', '/api/bingo/placements', {
      cookie,
      body: { cellId: cell.id, isbn: '9780141439518' },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(messages.bingo.historicalGrid);
  });

  it('has reviews in the blog in plain text, and a club with its own card and leaderboard', async () => {
    const { database } = t.app.deps;
    expect(await countOf(database, 'blogPosts')).toBeGreaterThanOrEqual(15);
    const cookie = await signIn(t.app, DEMO_READER.email, DEMO_READER.password);
    const everyone = (await call(t.app, 'GET', '/api/posts?filter=all', { cookie })).json<{
      posts: { body: string; rating: number }[];
    }>();
    expect(everyone.posts.length).toBe(10);
    for (const post of everyone.posts) expect(post.body).not.toMatch(/[<>]/);

    const { clubs } = (await call(t.app, 'GET', '/api/clubs', { cookie })).json<{
      clubs: { id: string; name: string; role: string; memberCount: number }[];
    }>();
    expect(clubs).toHaveLength(1);
    expect(clubs[0]).toMatchObject({ name: DEMO_CLUB.name, role: 'owner' });
    expect(clubs[0]!.memberCount).toBeGreaterThanOrEqual(6);
    const clubId = clubs[0]!.id;
    const cards = (await call(t.app, 'GET', `/api/clubs/${clubId}/cards`, { cookie })).json<{
      cards: { title: string; resetDate: string }[];
    }>().cards;
    expect(cards.map((c) => c.title)).toEqual([DEMO_CLUB.cardTitle]);
    expect(cards[0]!.resetDate > new Date().toISOString().slice(0, 10)).toBe(true);
    const board = (await call(t.app, 'GET', `/api/clubs/${clubId}/leaderboard`, { cookie })).json<{
      entries: { points: number }[];
    }>().entries;
    expect(board.filter((e) => e.points > 0).length).toBeGreaterThanOrEqual(5);
    const requests = (await call(t.app, 'GET', `/api/clubs/${clubId}/requests`, { cookie })).json<{
      requests: unknown[];
    }>().requests;
    expect(requests).toHaveLength(1);
  });

  it('is the same community on every empty database (fixed names, seeded picks)', async () => {
    const other = await createTestApp({ SEED_DEMO: 'true' });
    try {
      await seedAtStartUp(other.config, other.app.deps.database, other.app.deps.auth);
      const shape = async (database: DatabaseHandle) =>
        (await placementsOf(database)).map((p) => [p.email, p.title, p.position, p.bookIsbn]);
      expect(await shape(other.app.deps.database)).toEqual(await shape(t.app.deps.database));
    } finally {
      await other.close();
    }
  });
});

describe('what start-up seeds elsewhere', () => {
  it('seeds nothing on a database that already has an account', async () => {
    const t = await createTestApp({ SEED_DEMO: 'true' });
    try {
      await createUser(t.app);
      const seed = await seedAtStartUp(t.config, t.app.deps.database, t.app.deps.auth);
      expect(seed.seeded).toBe(false);
      expect(await countOf(t.app.deps.database, 'users')).toBe(1);
      expect(await countOf(t.app.deps.database, 'blogPosts')).toBe(0);
      expect(await countOf(t.app.deps.database, 'clubs')).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('seeds nothing demo in production, and never the community there even when asked', async () => {
    const quiet = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect(quiet.config.seedDemo).toBe(false);
      await seedAtStartUp(quiet.config, quiet.app.deps.database, quiet.app.deps.auth);
      expect(await countOf(quiet.app.deps.database, 'users')).toBe(0);
    } finally {
      await quiet.close();
    }
    const asked = await createTestApp({ NODE_ENV: 'production', SEED_DEMO: 'true' });
    try {
      const seed = await seedAtStartUp(asked.config, asked.app.deps.database, asked.app.deps.auth);
      expect(seed).toMatchObject({ seeded: true, community: false });
      expect(await countOf(asked.app.deps.database, 'users')).toBe(2);
      expect(await countOf(asked.app.deps.database, 'blogPosts')).toBe(0);
      expect(await countOf(asked.app.deps.database, 'clubs')).toBe(0);
    } finally {
      await asked.close();
    }
  });

  it('seeds only the two accounts and an empty card with SEED_DEMO=accounts (the browser journeys)', async () => {
    const t = await createTestApp({ SEED_DEMO: 'accounts' });
    try {
      const seed = await seedAtStartUp(t.config, t.app.deps.database, t.app.deps.auth);
      expect(seed).toMatchObject({ seeded: true, community: false });
      const { database } = t.app.deps;
      expect(await countOf(database, 'users')).toBe(2);
      expect(await placementsOf(database)).toEqual([]);
      const grids = await database.db.selectFrom('grids').select('title').execute();
      expect(grids.map((g) => g.title)).toEqual(['May Reading Challenge']);
    } finally {
      await t.close();
    }
  });
});
