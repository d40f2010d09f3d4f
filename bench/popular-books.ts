import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DEFAULT_CHALLENGES } from '../src/lib/challenges';
import type { PopularBooksResponse, SeasonStatsResponse } from '../src/lib/schemas/season';
import { createGridsRepository } from '../src/server/modules/grids/grids.repository';
import { createSeasonService } from '../src/server/modules/season/season.service';
import { send, signUpAndIn } from './accounts';
import { startBenchServer } from './bench-server';
import { insertReaders, placeCrowd } from './crowd';
import { seededRandom, summarize, type LatencySummary } from './stats';

/** Issue 25: what others read and the season page at scale. */
export const POPULAR_READERS = 100_000;
export const POPULAR_PLACEMENTS = 1_000_000;
/** The p95s the issue asks of the square's list and of the season page. */
export const POPULAR_P95_TARGET_MS = 10;
export const SEASON_P95_TARGET_MS = 50;
/** Books a square's readers choose among (each square its own, so no reader repeats a book). */
const BOOKS_PER_SQUARE = 200;
const WARMUP = 20;
const TIMED = 200;
const COLD = 20;
const BATCH = 500;

export interface PopularFigures {
  database: string;
  readers: number;
  placements: number;
  onCard: number;
  insertMs: number;
  /** GET /api/bingo/cells/:cellId/popular, squares in turn. */
  popular: LatencySummary;
  /** GET /api/grids/:gridId/season-stats as served (kept 10 s while the card runs). */
  season: LatencySummary;
  /** The service with nothing kept: every call counts anew from the kept tables. */
  seasonCold: LatencySummary;
  /** GET /api/health between the square's calls: what the machine's noise alone costs. */
  health: LatencySummary;
  topReaders: number;
  participants: number;
  popularTargetMet: boolean;
  seasonTargetMet: boolean;
  seasonColdTargetMet: boolean;
}

async function expectOk(app: FastifyInstance, url: string, cookie: string) {
  const response = await send(app, 'GET', url, { cookie });
  if (response.statusCode !== 200) {
    throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  return response;
}

/**
 * 100,000 readers and 1,000,000 placements (issue 25). Every reader places 1-16 squares on the
 * measured card (the current shared one, about 850,000 books) and the rest go to a past card.
 * Each square's readers choose among 200 books of its own, skewed (a few books are everywhere);
 * a fifth of the readers hide their profile. Rows are inserted in batches of 500, so migration
 * 021's and 022's triggers count them as a season's placements would be counted.
 */
export async function measurePopularBooks(
  options: { postgresServer?: string } = {},
): Promise<PopularFigures> {
  const server = await startBenchServer(
    { RATE_LIMIT_SCALE: '0' },
    {},
    options.postgresServer ? { postgresServer: options.postgresServer } : {},
  );
  try {
    const { app } = server;
    const { db, kind } = app.deps.database;
    const asker = await signUpAndIn(app, 'popular-bench@example.com');
    const random = seededRandom(25);
    const now = Date.now();
    const iso = new Date(now).toISOString();
    const started = performance.now();

    const bookIsbns: string[] = [];
    for (let k = 0; k < 16 * BOOKS_PER_SQUARE; k += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, 16 * BOOKS_PER_SQUARE - k) }, (_, j) => {
        const n = k + j;
        const isbn = `979${String(n).padStart(10, '0')}`;
        bookIsbns.push(isbn);
        return {
          isbn,
          title: `Bench Book ${n}`,
          authors: `Bench Author ${n % 700}`,
          genre: 'General',
          categories: '[]',
          source: 'demo',
          createdAt: iso,
          updatedAt: iso,
        };
      });
      await db.insertInto('books').values(rows).execute();
    }

    const userIds = Array.from({ length: POPULAR_READERS }, (_, i) => `pop-bench-${i}`);
    await insertReaders(db, kind, { ids: userIds, name: (n) => `Popular Reader ${n}` });

    const cards: { id: string; cells: string[] }[] = [];
    for (const title of ['Bench Past Season', 'Bench Season']) {
      const grid = await db.transaction().execute((trx) =>
        createGridsRepository(db).insertWithCells(trx, {
          title,
          challenges: [...DEFAULT_CHALLENGES],
          createdBy: asker.id,
        }),
      );
      const cells = await db
        .selectFrom('cells')
        .select('id')
        .where('gridId', '=', grid.id)
        .orderBy('position')
        .execute();
      cards.push({ id: grid.id, cells: cells.map((c) => c.id) });
    }
    const [past, measured] = cards as [(typeof cards)[0], (typeof cards)[0]];

    const { placements, onCurrent: onCard } = await placeCrowd(db, kind, {
      readerIds: userIds,
      current: measured,
      past: [past],
      total: POPULAR_PLACEMENTS,
      random,
      rows: (card, _c, userId, squares) => {
        const first = random.int(16);
        return Array.from({ length: squares }, (_, s) => {
          const position = (first + s) % 16;
          const n = position * BOOKS_PER_SQUARE + random.skewed(BOOKS_PER_SQUARE, 3);
          const at = new Date(now - random.next() * 60 * 86_400_000).toISOString();
          return {
            id: `${userId}-${card.id.slice(0, 8)}-${position}`,
            userId,
            gridId: card.id,
            cellId: card.cells[position]!,
            bookIsbn: bookIsbns[n]!,
            bookTitle: `Bench Book ${n}`,
            points: 10,
            ruleMet: null,
            createdAt: at,
            updatedAt: at,
          };
        });
      },
    });
    await sql`analyze`.execute(db);
    const insertMs = performance.now() - started;

    // The square's list, squares in turn.
    const popularUrl = (i: number) => `/api/bingo/cells/${measured.cells[i % 16]}/popular`;
    for (let i = 0; i < WARMUP; i += 1) await expectOk(app, popularUrl(i), asker.cookie);
    const popularTimes: number[] = [];
    const healthTimes: number[] = [];
    let topReaders = 0;
    for (let i = 0; i < TIMED; i += 1) {
      const healthAt = performance.now();
      await expectOk(app, '/api/health', asker.cookie);
      healthTimes.push(performance.now() - healthAt);
      const at = performance.now();
      const response = await expectOk(app, popularUrl(i), asker.cookie);
      popularTimes.push(performance.now() - at);
      if (i === 0) topReaders = response.json<PopularBooksResponse>().books[0]?.readers ?? 0;
    }

    // The season page as served, then counted anew on every call.
    const seasonUrl = `/api/grids/${measured.id}/season-stats`;
    const first = (await expectOk(app, seasonUrl, asker.cookie)).json<SeasonStatsResponse>();
    for (let i = 0; i < WARMUP; i += 1) await expectOk(app, seasonUrl, asker.cookie);
    const seasonTimes: number[] = [];
    for (let i = 0; i < TIMED; i += 1) {
      const at = performance.now();
      await expectOk(app, seasonUrl, asker.cookie);
      seasonTimes.push(performance.now() - at);
    }
    const counting = createSeasonService(app.deps.database, { liveTtlMs: 0 });
    const viewer = {
      id: asker.id,
      email: asker.email,
      username: null,
      name: 'popular-bench',
      role: 'user' as const,
      isAnonymous: false,
      isAdmin: false,
    };
    const coldTimes: number[] = [];
    for (let i = 0; i < COLD; i += 1) {
      const at = performance.now();
      await counting.seasonStats(viewer, measured.id);
      coldTimes.push(performance.now() - at);
    }
    const popular = summarize(popularTimes);
    const season = summarize(seasonTimes);
    const seasonCold = summarize(coldTimes);
    return {
      database: kind,
      readers: POPULAR_READERS,
      placements,
      onCard,
      insertMs,
      popular,
      season,
      seasonCold,
      health: summarize(healthTimes),
      topReaders,
      participants: first.participants,
      popularTargetMet: popular.p95 < POPULAR_P95_TARGET_MS,
      seasonTargetMet: season.p95 < SEASON_P95_TARGET_MS,
      seasonColdTargetMet: seasonCold.p95 < SEASON_P95_TARGET_MS,
    };
  } finally {
    await server.close();
  }
}
