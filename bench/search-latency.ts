import { BOOK_SEARCH_DEFAULT } from '../src/lib/schemas/books';
import { createBooksService } from '../src/server/modules/books/books.service';
import { silentLog, withCatalogueDatabase } from './catalogue-database';
import { generateBooks, insertBooks, type GeneratedBook } from './generate-books';
import { seededRandom, summarize, type LatencySummary } from './stats';

/** Issue 3's target: p95 of a local search under 5 ms with 100,000 books. */
export const SEARCH_P95_TARGET_MS = 5;
const TIMED_PASSES = 3;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export type QueryKind =
  | 'title word'
  | 'prefix'
  | 'author'
  | 'surname'
  | 'two title words'
  | 'title + author'
  | 'isbn-13'
  | 'isbn-10'
  | 'common word'
  | 'no match';

export interface SearchQuery {
  kind: QueryKind;
  text: string;
}

export interface CatalogueFigures {
  books: number;
  /** Generating the rows and inserting them (FTS triggers included). */
  insertMs: number;
  latency: LatencySummary;
  byKind: { kind: QueryKind; latency: LatencySummary; meanResults: number }[];
  /** The slowest queries of the timed pass. */
  slowest: { text: string; kind: QueryKind; ms: number; results: number }[];
}

export interface SearchFigures {
  queries: number;
  catalogues: CatalogueFigures[];
  /** p95 of the biggest catalogue over p95 of the smallest. */
  p95Ratio: number;
  targetMs: number;
  targetMet: boolean;
}

const STOP_WORDS = new Set(['the', 'and', 'for', 'of', 'in', 'a']);
const capitalised = /\p{Lu}[\p{L}']+/gu;
/** The content words of a title (what a reader remembers of it), without 'The' and the like. */
const words = (text: string) =>
  (text.match(capitalised) ?? []).filter((w) => w.length > 2 && !STOP_WORDS.has(w.toLowerCase()));

/**
 * About 500 queries a reader might type, all drawn from the smallest catalogue so each size
 * answers the same ones: whole title words, prefixes ('hobb'), names, ISBNs with and without
 * hyphens, very common words, and a few that find nothing.
 */
export function buildQueries(books: readonly GeneratedBook[], seed = 7): SearchQuery[] {
  const random = seededRandom(seed);
  const book = () => random.pick(books);
  const titleWord = () => random.pick(words(book().title.replace(/\(.*\)/, '')));
  const firstAuthor = () => book().authors.split(',')[0]!.trim();
  const plan: [QueryKind, number, () => string][] = [
    ['title word', 100, () => titleWord().toLowerCase()],
    [
      'prefix',
      100,
      () => {
        const word = random.int(3) === 0 ? firstAuthor().split(' ').at(-1)! : titleWord();
        return word.slice(0, 3 + random.int(3)).toLowerCase();
      },
    ],
    ['author', 60, () => firstAuthor()],
    ['surname', 60, () => firstAuthor().split(' ').at(-1)!.toLowerCase()],
    ['two title words', 60, () => words(book().title).slice(0, 2).join(' ')],
    ['title + author', 40, () => `${titleWord()} ${firstAuthor().split(' ').at(-1)!}`],
    [
      'isbn-13',
      40,
      () => {
        const isbn = book().isbn;
        return random.int(2) === 0
          ? isbn
          : `${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4, 9)}-${isbn.slice(9, 12)}-${isbn.slice(12)}`;
      },
    ],
    [
      'isbn-10',
      20,
      () => {
        let withIsbn10 = book();
        while (!withIsbn10.isbn10) withIsbn10 = book();
        return withIsbn10.isbn10;
      },
    ],
    ['common word', 10, () => random.pick(['the', 'of', 'the hedgehog', 'a', 'and', 'the s'])],
    ['no match', 10, () => random.pick(['zzyzx', 'qwertyuiop', 'hedgehog zzz', 'xylophonist'])],
  ];
  const queries = plan.flatMap(([kind, count, make]) =>
    Array.from({ length: count }, () => ({ kind, text: make() })),
  );
  // A reader's order, not grouped by kind.
  for (let i = queries.length - 1; i > 0; i -= 1) {
    const j = random.int(i + 1);
    [queries[i], queries[j]] = [queries[j]!, queries[i]!];
  }
  return queries;
}

/** One catalogue size: a fresh SQLite file, the books, and the queries timed one by one. */
async function measureCatalogue(size: number, queries: readonly SearchQuery[]) {
  return withCatalogueDatabase('bingo-search-bench-', async ({ database, config, file }) => {
    const started = performance.now();
    insertBooks(file, generateBooks(size));
    const insertMs = performance.now() - started;

    // What GET /api/books/search calls: the service, whose chain has the local catalogue alone.
    const service = createBooksService({ database, config, log: silentLog });
    const search = (text: string) => service.search(text, BOOK_SEARCH_DEFAULT);
    for (const query of queries) await search(query.text); // warm-up pass: caches, JIT

    // Three timed passes; a query's figure is the median of its three, so a pause of the
    // machine's (GC, a neighbour) that hits one pass does not pass for the query's cost.
    const times = queries.map(() => [] as number[]);
    const found = queries.map(() => 0);
    for (let pass = 0; pass < TIMED_PASSES; pass += 1) {
      for (const [i, query] of queries.entries()) {
        const t0 = performance.now();
        const results = await search(query.text);
        times[i]!.push(performance.now() - t0);
        found[i] = results.length;
      }
    }
    const samples = queries.map((query, i) => ({
      query,
      ms: median(times[i]!),
      results: found[i]!,
    }));
    const kinds = [...new Set(queries.map((q) => q.kind))];
    return {
      books: size,
      insertMs,
      latency: summarize(samples.map((s) => s.ms)),
      byKind: kinds.map((kind) => {
        const ofKind = samples.filter((s) => s.query.kind === kind);
        return {
          kind,
          latency: summarize(ofKind.map((s) => s.ms)),
          meanResults: ofKind.reduce((sum, s) => sum + s.results, 0) / ofKind.length,
        };
      }),
      slowest: [...samples]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((s) => ({ text: s.query.text, kind: s.query.kind, ms: s.ms, results: s.results })),
    } satisfies CatalogueFigures;
  });
}

/** Local search latency (issue 3) on generated catalogues of each size, smallest first. */
export async function measureSearchLatency(
  sizes: readonly number[] = [10_000, 100_000],
): Promise<SearchFigures> {
  const smallest = Math.min(...sizes);
  const queries = buildQueries([...generateBooks(smallest)]);
  const catalogues: CatalogueFigures[] = [];
  for (const size of [...sizes].sort((a, b) => a - b)) {
    catalogues.push(await measureCatalogue(size, queries));
  }
  const first = catalogues[0]!;
  const last = catalogues.at(-1)!;
  return {
    queries: queries.length,
    catalogues,
    p95Ratio: last.latency.p95 / first.latency.p95,
    targetMs: SEARCH_P95_TARGET_MS,
    targetMet: last.books >= 100_000 && last.latency.p95 < SEARCH_P95_TARGET_MS,
  };
}
