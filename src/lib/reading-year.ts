import { languageName } from './challenge-rules';
import { READING_YEAR_MAX, READING_YEAR_MIN } from './limits';
import { messages } from './messages';
import { authorKey, splitAuthors } from './recommendations';
import type { ReadingYear, ReadingYearBook } from './schemas/reading-year';

export { READING_YEAR_MAX, READING_YEAR_MIN };

/** Subjects the page lists at most. */
export const READING_YEAR_SUBJECTS = 10;

/** One finished book with the catalogue facts the year page counts. */
export interface YearBookInput {
  isbn: string;
  title: string;
  /** Comma-joined, as finished_books and books store them. */
  author: string | null;
  /** ISO timestamp (UTC). */
  finishedAt: string;
  rating: number | null;
  pages: number | null;
  subjects: readonly string[];
  language: string | null;
}

/** The reader's totals on one card, and when they marked it first and last (ISO, UTC). */
export interface YearCardInput {
  gridId: string;
  title: string;
  squares: number;
  lines: number;
  firstAt: string;
  lastAt: string;
}

/** An ISO timestamp in UTC, as the server writes and reads them. */
const UTC_ISO = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/;

/**
 * The year a finished date falls in. The app keeps no time zone per reader (there is none in
 * users or settings), so the year is the UTC one: a book finished at 2025-12-31T23:30Z counts in
 * 2025, one at 2026-01-01T00:30Z in 2026, wherever the reader lives (docs/ARCHITECTURE.md).
 */
export function yearOf(iso: string): number {
  // The server hands ISO strings in UTC ('2025-12-31T23:30:00.000Z'): the year is its head,
  // read without a Date (500 books are counted on every call).
  return UTC_ISO.test(iso) ? Number(iso.slice(0, 4)) : new Date(iso).getUTCFullYear();
}

function monthOf(iso: string): number {
  return UTC_ISO.test(iso) ? Number(iso.slice(5, 7)) : new Date(iso).getUTCMonth() + 1;
}

/** The comparable keys of an author field, each field split and folded once per call. */
function authorKeysOf(cache: Map<string, string[]>, authors: string | null): string[] {
  const field = authors ?? '';
  let keys = cache.get(field);
  if (!keys) {
    // authorKey's Unicode folding costs ~10 µs a name; a plain ASCII name folds the same way
    // with a lower-case and one ASCII class (NFKD leaves ASCII as it is).
    keys = splitAuthors(field)
      .map((name) =>
        /^[\x20-\x7e]*$/.test(name)
          ? name.toLowerCase().replace(/[^a-z0-9]/g, '')
          : authorKey(name),
      )
      .filter((key) => key !== '');
    cache.set(field, keys);
  }
  return keys;
}

/** Most first, then by name, as rows of { name, books }. */
function ranked<T extends { name: string; books: number }>(rows: Iterable<T>): T[] {
  return [...rows].sort((a, b) => b.books - a.books || a.name.localeCompare(b.name));
}

function toBook(book: YearBookInput): ReadingYearBook {
  return {
    isbn: book.isbn,
    title: book.title,
    author: book.author,
    pages: book.pages,
    rating: book.rating,
  };
}

/** Every year with a finished book or a card marked in it, and the current one; newest first. */
function yearsWithData(
  bookYears: readonly number[],
  cards: readonly YearCardInput[],
  currentYear: number,
): number[] {
  const years = new Set<number>([currentYear, ...bookYears]);
  for (const card of cards) {
    for (let y = yearOf(card.firstAt); y <= yearOf(card.lastAt); y += 1) years.add(y);
  }
  return [...years].sort((a, b) => b - a);
}

/** What a year is counted from (the repository reads each part with its own query). */
export interface YearInput {
  /** The books finished in the year (others are ignored). */
  books: readonly YearBookInput[];
  /** The author fields of the books finished before the year: their authors return. */
  earlierAuthors: readonly (string | null)[];
  /** Every finished date of the reader (ISO, UTC), for the years with data. */
  finishedDates: readonly string[];
  cards: readonly YearCardInput[];
}

/** The first instant of a year and of the next, as ISO strings (UTC), to query by. */
export function yearBounds(year: number): { from: string; to: string } {
  return {
    from: new Date(Date.UTC(year, 0, 1)).toISOString(),
    to: new Date(Date.UTC(year + 1, 0, 1)).toISOString(),
  };
}

/**
 * A reader's year in books (issue 25). Ties: the longest book is the first by title; the best
 * rated is the most recently finished of the highest rated.
 */
export function computeReadingYear(
  year: number,
  input: YearInput,
  currentYear: number,
): ReadingYear {
  const { cards } = input;
  const inYear = input.books
    .filter((book) => yearOf(book.finishedAt) === year)
    .sort((a, b) => (a.finishedAt < b.finishedAt ? -1 : a.finishedAt > b.finishedAt ? 1 : 0));

  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, books: 0, pages: 0 }));
  const subjects = new Map<string, { name: string; books: number }>();
  const languages = new Map<string, { code: string | null; name: string; books: number }>();
  const ratings = [1, 2, 3, 4, 5].map((stars) => ({ stars, books: 0 }));
  let pagesRead = 0;
  let booksWithoutPages = 0;
  let ratingSum = 0;
  let rated = 0;
  let longest: YearBookInput | null = null;
  let best: YearBookInput | null = null;

  for (const book of inYear) {
    const month = months[monthOf(book.finishedAt) - 1]!;
    month.books += 1;
    if (book.pages !== null && book.pages > 0) {
      month.pages += book.pages;
      pagesRead += book.pages;
      if (
        !longest ||
        book.pages > longest.pages! ||
        (book.pages === longest.pages && book.title.localeCompare(longest.title) < 0)
      ) {
        longest = book;
      }
    } else {
      booksWithoutPages += 1;
    }
    // A subject counts once a book, whatever its case.
    const seen = new Set<string>();
    for (const subject of book.subjects) {
      const name = subject.trim();
      const key = name.toLowerCase();
      if (!name || seen.has(key)) continue;
      seen.add(key);
      const row = subjects.get(key) ?? { name, books: 0 };
      row.books += 1;
      subjects.set(key, row);
    }
    const code = book.language?.trim().toLowerCase() || null;
    const languageKey = code ?? '';
    const language = languages.get(languageKey) ?? {
      code,
      name: code ? languageName(code) : messages.readingYear.languageUnknown,
      books: 0,
    };
    language.books += 1;
    languages.set(languageKey, language);
    if (book.rating !== null && book.rating >= 1 && book.rating <= 5) {
      ratings[book.rating - 1]!.books += 1;
      ratingSum += book.rating;
      rated += 1;
      // Books are walked oldest first: a later one of the same rating takes the place.
      if (!best || book.rating >= best.rating!) best = book;
    }
  }

  // Authors of earlier years: a name met before this year returns; any other is new.
  const keysCache = new Map<string, string[]>();
  const earlier = new Set<string>();
  for (const authors of input.earlierAuthors) {
    for (const key of authorKeysOf(keysCache, authors)) earlier.add(key);
  }
  const thisYear = new Set<string>();
  for (const book of inYear) {
    for (const key of authorKeysOf(keysCache, book.author)) thisYear.add(key);
  }
  let returning = 0;
  for (const key of thisYear) if (earlier.has(key)) returning += 1;

  const cardsInYear = cards
    .filter((card) => yearOf(card.firstAt) <= year && yearOf(card.lastAt) >= year)
    .sort((a, b) => a.firstAt.localeCompare(b.firstAt) || a.title.localeCompare(b.title))
    .map(({ gridId, title, squares, lines }) => ({ gridId, title, squares, lines }));

  return {
    year,
    years: yearsWithData(input.finishedDates.map(yearOf), cards, currentYear),
    booksRead: inYear.length,
    pagesRead,
    booksWithoutPages,
    months,
    subjects: ranked(subjects.values()).slice(0, READING_YEAR_SUBJECTS),
    languages: ranked(languages.values()),
    authors: { new: thisYear.size - returning, returning },
    ratings,
    averageRating: rated ? Math.round((ratingSum / rated) * 10) / 10 : null,
    longestBook: longest ? toBook(longest) : null,
    bestRatedBook: best ? toBook(best) : null,
    cards: cardsInYear,
  };
}

/**
 * The Year in Review read out, for the share image's alt text and <desc> (as the card's share
 * image has describeShareCard): only what the page itself shows.
 */
export function describeReadingYear(reading: ReadingYear): string {
  const t = messages.readingYear;
  if (reading.booksRead === 0 && reading.cards.length === 0) return t.altEmpty(reading.year);
  const parts = [t.altBooks(reading.year, reading.booksRead, reading.pagesRead)];
  parts.push(t.altAuthors(reading.authors.new, reading.authors.returning));
  const subject = reading.subjects[0];
  if (subject) parts.push(t.altSubject(subject.name));
  if (reading.averageRating !== null) parts.push(t.altAverage(reading.averageRating));
  if (reading.longestBook) parts.push(t.altLongest(reading.longestBook));
  if (reading.bestRatedBook) parts.push(t.altBest(reading.bestRatedBook));
  const squares = reading.cards.reduce((sum, card) => sum + card.squares, 0);
  const lines = reading.cards.reduce((sum, card) => sum + card.lines, 0);
  if (reading.cards.length) parts.push(t.altCards(squares, lines, reading.cards.length));
  return `${parts.join('; ')}.`;
}
