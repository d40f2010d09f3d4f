import {
  RECOMMENDATION_BATCH_KEEP,
  RECOMMENDATION_GENRES,
  RECOMMENDATION_MAX_AUTHORS,
  RECOMMENDATION_MAX_GENRES,
  RECOMMENDATION_START_INDEX_MAX,
} from './limits';

/**
 * The pure half of the recommendation page (SPEC.md sections 4, 5 and 9): which queries a
 * reader's history asks, and which fetched books may be shown. The server fetches and stores;
 * everything it decides is here, so each rule has a unit test that breaks it.
 */

/** SPEC.md section 5: a candidate must be published within the last 50 years. */
export const RECOMMENDATION_MAX_AGE_YEARS = 50;
/** SPEC.md section 5: its average rating may be at most 2 below the reader's own average. */
export const RECOMMENDATION_RATING_MARGIN = 2;
/** SPEC.md section 5: the reader's average when they have rated nothing. */
export const DEFAULT_READER_AVERAGE_RATING = 4;
/** SPEC.md section 5: a book with a rating count needs at least this many ratings. */
export const RECOMMENDATION_MIN_RATINGS_COUNT = 10;

/** Genres that say nothing about taste: never used as a query. */
const VAGUE_GENRES = new Set(['general', 'unknown', '']);
const UNKNOWN_AUTHOR = 'unknown';

/** A number in [0, 1), as Math.random gives; injected so tests are deterministic. */
export type RandomSource = () => number;

/** A finished book as the query builder sees it (its genre comes from the catalogue). */
export interface HistoryBook {
  /** Comma-joined names, as SPEC.md section 3 stores a book's Author. */
  author: string | null;
  genre: string | null;
  rating: number | null;
  /** ISO timestamp. */
  finishedAt: string;
}

/**
 * One search of a batch: books by (or beside) an author, or in a genre, from `startIndex` on.
 * The remote providers read it as Google's `inauthor:` / `subject:` query (SPEC.md section 7).
 */
export interface RecommendationQuery {
  kind: 'author' | 'genre';
  value: string;
  startIndex: number;
}

/** The names of a comma-joined author field, without 'Unknown'. */
export function splitAuthors(authors: string | null | undefined): string[] {
  return (authors ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name.toLowerCase() !== UNKNOWN_AUTHOR);
}

/** The first listed author, or null. */
export function leadAuthor(authors: string | null | undefined): string | null {
  return splitAuthors(authors)[0] ?? null;
}

/**
 * A name reduced to compare: no accents, case, spaces or punctuation, so "J.R.R. Tolkien",
 * "J. R. R. Tolkien" and "j r r tolkien" are one author.
 */
export function authorKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Best first: higher rated, then more recently finished; unrated books after rated ones. */
function byTaste(a: HistoryBook, b: HistoryBook): number {
  return (b.rating ?? 0) - (a.rating ?? 0) || b.finishedAt.localeCompare(a.finishedAt);
}

/**
 * Values ordered by how many books carry them, ties broken by the best-ranked book that
 * carries them; the first spelling seen is kept.
 */
function rankValues(values: readonly (readonly string[])[], keyOf: (v: string) => string) {
  const ranked = new Map<string, { value: string; count: number; firstRank: number }>();
  values.forEach((bookValues, rank) => {
    for (const value of bookValues) {
      const key = keyOf(value);
      const entry = ranked.get(key);
      if (entry) entry.count += 1;
      else ranked.set(key, { value, count: 1, firstRank: rank });
    }
  });
  return [...ranked.values()]
    .sort((a, b) => b.count - a.count || a.firstRank - b.firstRank)
    .map((entry) => entry.value);
}

function randomIndex(random: RandomSource, size: number): number {
  return Math.min(size - 1, Math.max(0, Math.floor(random() * size)));
}

/**
 * The queries of one batch (SPEC.md section 9): the reader's 3 most-read authors and 2
 * most-read genres (ties go to the better-rated, more recent books), plus one genre drawn from
 * the nine of RECOMMENDATION_GENRES that the reader's two are not. Each query starts at a
 * random index 0-19. `random` is called once for the genre, then once per query, in order.
 */
export function buildRecommendationQueries(
  finishedBooks: readonly HistoryBook[],
  random: RandomSource,
): RecommendationQuery[] {
  const ranked = [...finishedBooks].sort(byTaste);
  const authors = rankValues(
    ranked.map((book) => splitAuthors(book.author)),
    authorKey,
  ).slice(0, RECOMMENDATION_MAX_AUTHORS);
  const genres = rankValues(
    ranked.map((book) => {
      const genre = book.genre?.trim() ?? '';
      return VAGUE_GENRES.has(genre.toLowerCase()) ? [] : [genre];
    }),
    (genre) => genre.toLowerCase(),
  ).slice(0, RECOMMENDATION_MAX_GENRES);

  const chosen = new Set(genres.map((genre) => genre.toLowerCase()));
  const pool = RECOMMENDATION_GENRES.filter((genre) => !chosen.has(genre.toLowerCase()));
  const extraGenre = pool[randomIndex(random, pool.length)];

  const startIndex = () => randomIndex(random, RECOMMENDATION_START_INDEX_MAX + 1);
  return [
    ...authors.map((value) => ({ kind: 'author' as const, value })),
    ...[...genres, ...(extraGenre ? [extraGenre] : [])].map((value) => ({
      kind: 'genre' as const,
      value,
    })),
  ].map((query) => ({ ...query, startIndex: startIndex() }));
}

/** A fetched book, as the filters read it. */
export interface RecommendationCandidate {
  isbn: string | null;
  title: string;
  /** Comma-joined names. */
  authors: string;
  /** '1965', '1965-08' or '1965-08-01', or null when unknown. */
  publishedDate: string | null;
  language: string | null;
  averageRating: number | null;
  ratingsCount: number | null;
}

/** What the filters compare a candidate with: the reader's history and this session's swipes. */
export interface CandidateFilterContext {
  /** Liked: on the want-to-read list (durable), or liked in this session. */
  likedIsbns: ReadonlySet<string>;
  /** Disliked in this session. */
  dislikedIsbns: ReadonlySet<string>;
  /** Shown in this session already, and books the reader has finished. */
  seenIsbns: ReadonlySet<string>;
  /** authorKey of every name on the reader's finished books. */
  readAuthors: ReadonlySet<string>;
  /** authorKey of every author disliked in this session. */
  dislikedAuthors: ReadonlySet<string>;
  /** readerAverageRating of the reader's ratings. */
  readerAverage: number;
  now: Date;
}

/** The reader's average rating, or 4 when they have rated nothing (SPEC.md section 5). */
export function readerAverageRating(ratings: readonly (number | null)[]): number {
  const rated = ratings.filter((r): r is number => typeof r === 'number' && r > 0);
  if (rated.length === 0) return DEFAULT_READER_AVERAGE_RATING;
  return rated.reduce((sum, r) => sum + r, 0) / rated.length;
}

/**
 * A card needs what SPEC.md section 5 asks of recommendation results (title and author; the
 * thumbnail is generated when missing) and an ISBN, without which it cannot be liked.
 */
export function isShowable(book: RecommendationCandidate): boolean {
  return book.isbn !== null && book.title.trim() !== '' && leadAuthor(book.authors) !== null;
}

/** SPEC.md section 5: not already liked or disliked. */
export function isNotLikedOrDisliked(
  book: RecommendationCandidate,
  context: Pick<CandidateFilterContext, 'likedIsbns' | 'dislikedIsbns'>,
): boolean {
  return (
    book.isbn === null ||
    (!context.likedIsbns.has(book.isbn) && !context.dislikedIsbns.has(book.isbn))
  );
}

/** Never the same card twice in a session, and never a book the reader has finished. */
export function isUnseen(
  book: RecommendationCandidate,
  context: Pick<CandidateFilterContext, 'seenIsbns'>,
): boolean {
  return book.isbn === null || !context.seenIsbns.has(book.isbn);
}

/**
 * SPEC.md section 5: the author is not already read or disliked. A book is by an author read
 * when its lead author is one the reader has finished a book by: a co-written book led by
 * someone new is new (this is what the author queries find). A disliked author is excluded
 * wherever they are listed: 'dislike excludes the author for the session' (section 4).
 */
export function hasNewAuthor(
  book: RecommendationCandidate,
  context: Pick<CandidateFilterContext, 'readAuthors' | 'dislikedAuthors'>,
): boolean {
  const names = splitAuthors(book.authors).map(authorKey);
  const lead = names[0];
  if (lead !== undefined && context.readAuthors.has(lead)) return false;
  return !names.some((name) => context.dislikedAuthors.has(name));
}

/** SPEC.md section 5: published within the last 50 years; an unknown date cannot show it. */
export function isRecentEnough(book: RecommendationCandidate, now: Date): boolean {
  const match = /^(\d{4})/.exec(book.publishedDate ?? '');
  if (!match) return false;
  return Number(match[1]) >= now.getUTCFullYear() - RECOMMENDATION_MAX_AGE_YEARS;
}

/**
 * SPEC.md section 5: an average rating not more than 2 below the reader's average. A book
 * nobody rated has no average to hold against it.
 */
export function isRatedCloseToReader(
  book: RecommendationCandidate,
  readerAverage: number,
): boolean {
  return (
    book.averageRating === null ||
    book.averageRating >= readerAverage - RECOMMENDATION_RATING_MARGIN
  );
}

/** SPEC.md section 5: either no rating count or at least 10 ratings. */
export function hasEnoughRatings(book: RecommendationCandidate): boolean {
  return (
    book.ratingsCount === null ||
    book.ratingsCount === 0 ||
    book.ratingsCount >= RECOMMENDATION_MIN_RATINGS_COUNT
  );
}

/** SPEC.md section 9 fetches English books; a book of unknown language may stay. */
export function isEnglish(book: RecommendationCandidate): boolean {
  return book.language === null || /^en\b/i.test(book.language);
}

/** Title and lead author, to tell two editions of one book apart from two books. */
function editionKey(book: RecommendationCandidate): string {
  return `${authorKey(book.title)}|${authorKey(leadAuthor(book.authors) ?? '')}`;
}

/**
 * The candidates every filter accepts, in order, each book once (by ISBN, and by title and
 * lead author so two editions never make two cards).
 */
export function filterCandidates<T extends RecommendationCandidate>(
  candidates: readonly T[],
  context: CandidateFilterContext,
): T[] {
  const isbns = new Set<string>();
  const editions = new Set<string>();
  return candidates.filter((book) => {
    const isbn = book.isbn;
    if (
      isbn === null ||
      !isShowable(book) ||
      !isNotLikedOrDisliked(book, context) ||
      !isUnseen(book, context) ||
      !hasNewAuthor(book, context) ||
      !isRecentEnough(book, context.now) ||
      !isRatedCloseToReader(book, context.readerAverage) ||
      !hasEnoughRatings(book) ||
      !isEnglish(book)
    ) {
      return false;
    }
    const edition = editionKey(book);
    if (isbns.has(isbn) || editions.has(edition)) return false;
    isbns.add(isbn);
    editions.add(edition);
    return true;
  });
}

/** Takes one from each list in turn, so every query of a batch has its say. */
export function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const result: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let i = 0; i < longest; i += 1) {
    for (const list of lists) {
      const item = list[i];
      if (item !== undefined) result.push(item);
    }
  }
  return result;
}

/** A shuffled copy (Fisher-Yates). */
export function shuffle<T>(items: readonly T[], random: RandomSource): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomIndex(random, i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** SPEC.md section 9: at most 20 of the filtered candidates per batch, shuffled. */
export function pickBatch<T>(filtered: readonly T[], random: RandomSource): T[] {
  return shuffle(filtered.slice(0, RECOMMENDATION_BATCH_KEEP), random);
}
