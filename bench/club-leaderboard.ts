import type { FastifyInstance } from 'fastify';
import { DEFAULT_CHALLENGES } from '../src/lib/challenges';
import { createGridsRepository } from '../src/server/modules/grids/grids.repository';
import { send, signUpAndIn } from './accounts';
import { startBenchServer } from './bench-server';
import { seededRandom, summarize, type LatencySummary } from './stats';
import { squaresOf } from './crowd';

/** Issue 12: a club of this many members, each with placements on the club's cards. */
export const CLUB_MEMBERS = 1000;
const CARDS = 2;
const WARMUP = 20;
const TIMED = 200;

export interface ClubLeaderboardFigures {
  database: string;
  members: number;
  placements: number;
  /** GET /api/clubs/:clubId/leaderboard as a member, through the app. */
  leaderboard: LatencySummary;
  /** GET /api/health in the same run, interleaved: the yardstick. */
  health: LatencySummary;
  /** Entries the board answered (every member). */
  entries: number;
}

async function expectOk(app: FastifyInstance, url: string, cookie?: string) {
  const response = await send(app, 'GET', url, cookie ? { cookie } : {});
  if (response.statusCode !== 200)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response;
}

/**
 * The club leaderboard at 1,000 members (issue 12): a club with two cards, each member with
 * 0-16 placements (a seeded spread) on them, a third of the members hiding their profile (so
 * the privacy names are worked out too); the board asked for by a real signed-in member
 * through app.inject, interleaved with GET /api/health, 200 timed calls each after a warm-up.
 */
export async function measureClubLeaderboard(
  options: { postgresServer?: string } = {},
): Promise<ClubLeaderboardFigures> {
  const server = await startBenchServer(
    { RATE_LIMIT_SCALE: '0' },
    {},
    options.postgresServer ? { postgresServer: options.postgresServer } : {},
  );
  try {
    const { app } = server;
    const { db, kind } = app.deps.database;
    const viewer = await signUpAndIn(app, 'club-bench@example.com');
    const created = await send(app, 'POST', '/api/clubs', {
      cookie: viewer.cookie,
      body: { name: 'Bench Circle', description: '' },
    });
    if (created.statusCode !== 201) throw new Error(`club: ${created.body}`);
    const clubId = created.json<{ club: { id: string } }>().club.id;

    const random = seededRandom(12);
    const now = new Date().toISOString();
    const userIds = Array.from({ length: CLUB_MEMBERS - 1 }, (_, i) => `club-bench-${i}`);
    const users = userIds.map((id, i) => ({
      id,
      name: `Club Reader ${i}`,
      email: `${id}@example.com`,
      emailVerified: 0,
      createdAt: now,
      updatedAt: now,
      role: 'user',
      displayUsername: `club_reader_${i}`,
      username: `club_reader_${i}`,
      profileVisibility: i % 3 === 0 ? ('only_me' as const) : ('everyone' as const),
    }));
    for (let k = 0; k < users.length; k += 200) {
      await db
        .insertInto('users')
        .values(users.slice(k, k + 200))
        .execute();
    }
    for (let k = 0; k < userIds.length; k += 500) {
      await db
        .insertInto('clubMembers')
        .values(
          userIds
            .slice(k, k + 500)
            .map((userId) => ({ clubId, userId, role: 'member' as const, joinedAt: now })),
        )
        .execute();
    }
    const books = await db.selectFrom('books').select(['isbn', 'title']).limit(16).execute();
    const cards = [];
    for (let c = 0; c < CARDS; c += 1) {
      const grid = await db.transaction().execute((trx) =>
        createGridsRepository(db).insertWithCells(trx, {
          title: `Bench Club Card ${c + 1}`,
          challenges: [...DEFAULT_CHALLENGES],
          createdBy: viewer.id,
          clubId,
          resetDate: '2099-12-31',
        }),
      );
      const cells = await squaresOf(db, grid.id);
      cards.push({ id: grid.id, cells });
    }
    let placements = 0;
    for (const [c, card] of cards.entries()) {
      const rows = [];
      for (const userId of [viewer.id, ...userIds]) {
        const squares = random.int(17);
        for (let s = 0; s < squares && s < books.length; s += 1) {
          const book = books[s]!;
          rows.push({
            id: `${userId}-${c}-${s}`,
            userId,
            gridId: card.id,
            cellId: card.cells[s]!.id,
            bookIsbn: book.isbn,
            bookTitle: book.title,
            isWildcard: 0,
            points: 10 + (s % 4 === 3 ? 50 : 0),
            ruleMet: null,
            createdAt: now,
            updatedAt: now,
          });
        }
      }
      for (let k = 0; k < rows.length; k += 500) {
        await db
          .insertInto('placements')
          .values(rows.slice(k, k + 500))
          .execute();
      }
      placements += rows.length;
    }
    if (kind === 'postgres') {
      const { sql } = await import('kysely');
      await sql`analyze`.execute(db);
    }

    const board = `/api/clubs/${clubId}/leaderboard`;
    const entries = (await expectOk(app, board, viewer.cookie)).json<{ entries: unknown[] }>()
      .entries.length;
    for (let i = 0; i < WARMUP; i += 1) {
      await expectOk(app, board, viewer.cookie);
      await expectOk(app, '/api/health');
    }
    const boardTimes: number[] = [];
    const healthTimes: number[] = [];
    for (let i = 0; i < TIMED; i += 1) {
      let started = performance.now();
      await expectOk(app, board, viewer.cookie);
      boardTimes.push(performance.now() - started);
      started = performance.now();
      await expectOk(app, '/api/health');
      healthTimes.push(performance.now() - started);
    }
    return {
      database: kind,
      members: CLUB_MEMBERS,
      placements,
      leaderboard: summarize(boardTimes),
      health: summarize(healthTimes),
      entries,
    };
  } finally {
    await server.close();
  }
}
