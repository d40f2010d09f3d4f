import { randomUUID } from 'node:crypto';
import { DEFAULT_CHALLENGE_RULES } from '../src/lib/challenge-rules';
import { DEFAULT_CHALLENGES, DEFAULT_GRID_TITLE } from '../src/lib/challenges';
import { BOOK_SEARCH_DEFAULT } from '../src/lib/schemas/books';
import type { Viewer } from '../src/server/http/viewer';
import { createBooksService } from '../src/server/modules/books/books.service';
import { createGridsRepository } from '../src/server/modules/grids/grids.repository';
import { createSuggestionsService } from '../src/server/modules/suggestions/suggestions.service';
import { silentLog, withCatalogueDatabase } from './catalogue-database';
import { generateBooks, insertBooks } from './generate-books';
import { seededRandom, summarize, type LatencySummary } from './stats';
import { squaresOf } from './crowd';

/** Issue 11's targets at 100,000 books. */
export const SUGGESTIONS_P95_TARGET_MS = 20;
export const SUBJECT_SEARCH_P95_TARGET_MS = 5;

const FINISHED = 500;
const WANT_TO_READ = 200;
const WARMUP = 20;
const TIMED = 200;
/** What a reader types to find books by what a square asks. */
const SUBJECT_QUERIES = [
  'poetry',
  'fantasy',
  'Spanish',
  'non-fiction',
  'cookbook',
  "children's",
  'science fiction',
  'classic',
  'French',
  'mystery',
  'history',
  'drama',
  'humour',
  'Japanese',
  'thriller',
];
const SEARCH_PASSES = 20;

export interface SuggestionsFigures {
  books: number;
  finished: number;
  wantToRead: number;
  /** All 16 squares in one call, as the card asks for them. */
  allSquares: LatencySummary;
  /** One square, as the search modal asks. */
  oneSquare: LatencySummary;
  /** Squares that had at least one suggestion, of 16. */
  squaresFilled: number;
  subjectSearch: LatencySummary;
  /** Each query's median, slowest first. */
  byQuery: { text: string; medianMs: number }[];
  suggestionsTargetMet: boolean;
  subjectSearchTargetMet: boolean;
}

/**
 * Suggestions for all 16 squares of the seeded grid, for a reader with 500 finished and 200
 * want-to-read books, on a generated 100,000-book catalogue (SQLite file); and subject,
 * genre and language searches ("poetry", "Spanish") through the books service.
 */
export async function measureSuggestions(size = 100_000): Promise<SuggestionsFigures> {
  return withCatalogueDatabase('bingo-suggestions-bench-', async ({ database, config, file }) => {
    const books = [...generateBooks(size)];
    insertBooks(file, books);
    const { db } = database;

    const userId = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        id: userId,
        name: 'Bench Reader',
        email: 'bench@example.com',
        emailVerified: 1,
        createdAt: now,
        updatedAt: now,
        role: 'user',
        birthYear: 1980,
        firstName: 'Anna',
      })
      .execute();
    const grid = await db.transaction().execute((trx) =>
      createGridsRepository(db).insertWithCells(trx, {
        title: DEFAULT_GRID_TITLE,
        challenges: DEFAULT_CHALLENGES,
        rules: DEFAULT_CHALLENGE_RULES,
        createdBy: null,
      }),
    );

    // 700 distinct books of the catalogue, spread over it.
    const random = seededRandom(11);
    const picked = new Set<number>();
    while (picked.size < FINISHED + WANT_TO_READ) picked.add(random.int(size));
    const chosen = [...picked].map((i) => books[i]!);
    const finished = chosen.slice(0, FINISHED);
    const wanted = chosen.slice(FINISHED);
    await db
      .insertInto('finishedBooks')
      .values(
        finished.map((b, i) => ({
          id: `${userId}_${b.isbn}`,
          userId,
          bookIsbn: b.isbn,
          title: b.title,
          author: b.authors,
          finishedAt: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString(),
          createdAt: now,
        })),
      )
      .execute();
    await db
      .insertInto('wantToRead')
      .values(
        wanted.map((b, i) => ({
          id: randomUUID(),
          userId,
          bookIsbn: b.isbn,
          title: b.title,
          author: b.authors,
          addedAt: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString(),
        })),
      )
      .execute();

    const viewer: Viewer = {
      id: userId,
      email: 'bench@example.com',
      username: null,
      name: 'Bench Reader',
      role: 'user',
      isAnonymous: false,
      isAdmin: false,
    };
    const service = createSuggestionsService({
      database,
      placeBook: () => Promise.reject(new Error('the benchmark places nothing')),
    });
    const cells = await squaresOf(db, grid.id);

    const time = async (work: () => Promise<unknown>) => {
      const t0 = performance.now();
      await work();
      return performance.now() - t0;
    };
    for (let i = 0; i < WARMUP; i += 1) await service.suggestions(viewer, grid.id);
    const all: number[] = [];
    for (let i = 0; i < TIMED; i += 1)
      all.push(await time(() => service.suggestions(viewer, grid.id)));
    const one: number[] = [];
    for (let i = 0; i < TIMED; i += 1) {
      const cell = cells[i % cells.length]!;
      one.push(await time(() => service.suggestions(viewer, grid.id, cell.id)));
    }
    const { squares } = await service.suggestions(viewer, grid.id);

    const search = createBooksService({ database, config, log: silentLog });
    for (const q of SUBJECT_QUERIES) await search.search(q, BOOK_SEARCH_DEFAULT);
    const searchTimes: number[] = [];
    const perQuery = new Map<string, number[]>(SUBJECT_QUERIES.map((q) => [q, []]));
    for (let pass = 0; pass < SEARCH_PASSES; pass += 1) {
      for (const q of SUBJECT_QUERIES) {
        const took = await time(() => search.search(q, BOOK_SEARCH_DEFAULT));
        searchTimes.push(took);
        perQuery.get(q)!.push(took);
      }
    }
    const byQuery = [...perQuery]
      .map(([text, times]) => ({ text, medianMs: summarize(times).p50 }))
      .sort((a, b) => b.medianMs - a.medianMs);

    const allSquares = summarize(all);
    const subjectSearch = summarize(searchTimes);
    return {
      books: size,
      finished: FINISHED,
      wantToRead: WANT_TO_READ,
      allSquares,
      oneSquare: summarize(one),
      squaresFilled: squares.filter((s) => s.suggestions.length > 0).length,
      subjectSearch,
      byQuery,
      suggestionsTargetMet: allSquares.p95 < SUGGESTIONS_P95_TARGET_MS,
      subjectSearchTargetMet: subjectSearch.p95 < SUBJECT_SEARCH_P95_TARGET_MS,
    };
  });
}
