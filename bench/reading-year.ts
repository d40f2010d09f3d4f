import { randomUUID } from 'node:crypto';
import type { OwnReadingYearResponse } from '../src/lib/schemas/reading-year';
import { send, signUpAndIn } from './accounts';
import { startBenchServer } from './bench-server';
import { seededRandom, summarize, type LatencySummary } from './stats';

/** Issue 25: a reader with 500 finished books over five years, among 1,000 others. */
export const READING_YEAR_BOOKS = 500;
export const READING_YEAR_P95_TARGET_MS = 50;
const OTHER_READERS = 1_000;
const BOOKS_PER_OTHER = 100;
const CATALOGUE = 5_000;
const YEARS = [2022, 2023, 2024, 2025, 2026];
const SUBJECTS = ['Fantasy', 'Fiction', 'History', 'Poetry', 'Classics', 'Science', 'Humor'];
const LANGUAGES = ['en', 'en', 'en', 'es', 'fr', 'de', null];
const WARMUP = 10;
const TIMED = 100;
const BATCH = 500;

export interface ReadingYearFigures {
  database: string;
  finishedRows: number;
  /** GET /api/profile/reading-year?year=2025 through app.inject, as served. */
  own: LatencySummary;
  /** GET /api/users/:id/reading-year by another reader (the privacy check on top). */
  other: LatencySummary;
  /** GET /api/health, interleaved, for the machine's own noise. */
  health: LatencySummary;
  booksIn2025: number;
  targetMet: boolean;
}

/**
 * The reading year at 500 books: the reader's finished books (100 a year, each with a page
 * count, subjects and a language) among 100,000 finished-book rows of 1,000 other readers, so
 * the per-reader index matters. Every call counts the year anew (nothing is kept).
 */
export async function measureReadingYear(
  options: { postgresServer?: string } = {},
): Promise<ReadingYearFigures> {
  const server = await startBenchServer(
    { RATE_LIMIT_SCALE: '0' },
    {},
    options.postgresServer ? { postgresServer: options.postgresServer } : {},
  );
  try {
    const { app } = server;
    const { db, kind } = app.deps.database;
    const random = seededRandom(25);
    const reader = await signUpAndIn(app, 'reading-year-bench@example.com');
    const viewer = await signUpAndIn(app, 'reading-year-viewer@example.com');
    const iso = new Date().toISOString();

    const isbns = Array.from({ length: CATALOGUE }, (_, i) => `979${String(i).padStart(10, '0')}`);
    for (let k = 0; k < isbns.length; k += BATCH) {
      await db
        .insertInto('books')
        .values(
          isbns.slice(k, k + BATCH).map((isbn, j) => ({
            isbn,
            title: `Bench Book ${k + j}`,
            authors: `Author ${random.int(800)}`,
            genre: 'General',
            categories: '[]',
            source: 'demo',
            pageCount: 80 + random.int(700),
            subjects: JSON.stringify([random.pick(SUBJECTS), random.pick(SUBJECTS)]),
            language: random.pick(LANGUAGES),
            createdAt: iso,
            updatedAt: iso,
          })),
        )
        .execute();
    }

    const others = Array.from({ length: OTHER_READERS }, () => randomUUID());
    for (let k = 0; k < others.length; k += BATCH) {
      await db
        .insertInto('users')
        .values(
          others.slice(k, k + BATCH).map((id, j) => ({
            id,
            name: `Year Reader ${k + j}`,
            email: `${id}@example.com`,
            emailVerified: 0,
            createdAt: iso,
            updatedAt: iso,
            role: 'user',
          })),
        )
        .execute();
    }

    /** `count` distinct books for a reader, finished at random moments of the five years. */
    const rowsFor = (userId: string, count: number) => {
      const start = random.int(CATALOGUE - count);
      return Array.from({ length: count }, (_, i) => {
        const isbn = isbns[start + i]!;
        const year = YEARS[i % YEARS.length]!;
        const at = new Date(Date.UTC(year, random.int(12), 1 + random.int(28), random.int(24)));
        return {
          id: `${userId}_${isbn}`,
          userId,
          bookIsbn: isbn,
          title: `Bench Book ${start + i}`,
          author: `Author ${random.int(800)}`,
          coverUrl: null,
          rating: random.int(6) || null,
          review: null,
          finishedAt: at.toISOString(),
          createdAt: at.toISOString(),
        };
      });
    };
    const rows = [
      ...rowsFor(reader.id, READING_YEAR_BOOKS),
      ...others.flatMap((id) => rowsFor(id, BOOKS_PER_OTHER)),
    ];
    for (let k = 0; k < rows.length; k += BATCH) {
      await db
        .insertInto('finishedBooks')
        .values(rows.slice(k, k + BATCH))
        .execute();
    }

    const ownUrl = '/api/profile/reading-year?year=2025';
    const otherUrl = `/api/users/${reader.id}/reading-year?year=2025`;
    const call = async (url: string, cookie?: string) => {
      const started = performance.now();
      const response = await send(app, 'GET', url, cookie ? { cookie } : {});
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      return { elapsed, response };
    };
    for (let i = 0; i < WARMUP; i += 1) {
      await call(ownUrl, reader.cookie);
      await call(otherUrl, viewer.cookie);
    }
    const own: number[] = [];
    const other: number[] = [];
    const health: number[] = [];
    let booksIn2025 = 0;
    for (let i = 0; i < TIMED; i += 1) {
      const mine = await call(ownUrl, reader.cookie);
      own.push(mine.elapsed);
      booksIn2025 = mine.response.json<OwnReadingYearResponse>().reading.booksRead;
      other.push((await call(otherUrl, viewer.cookie)).elapsed);
      health.push((await call('/api/health')).elapsed);
    }
    const ownSummary = summarize(own);
    return {
      database: kind === 'postgres' ? 'PostgreSQL' : 'SQLite',
      finishedRows: rows.length,
      own: ownSummary,
      other: summarize(other),
      health: summarize(health),
      booksIn2025,
      targetMet: ownSummary.p95 < READING_YEAR_P95_TARGET_MS,
    };
  } finally {
    await server.close();
  }
}
