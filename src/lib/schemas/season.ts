import { z } from 'zod';
import { text } from './text';

/**
 * Issue 25 (decision 029): what others read for a square, and a season's statistics. Only
 * counts, never names: a book (or author) is named only once POPULAR_MIN_READERS readers who
 * show their profile used it, so no single reader's choice can be read off.
 */

/** The k of k-anonymity: a book is named only once this many distinct readers used it. */
export const POPULAR_MIN_READERS = 3;
/** Books listed in a square's sheet. */
export const POPULAR_BOOKS_PER_SQUARE = 5;
/** Books listed per square on the season page. */
export const SEASON_BOOKS_PER_SQUARE = 3;
/** Authors listed on the season page. */
export const SEASON_TOP_AUTHORS = 10;

export const PopularCellParams = z.object({ cellId: text({ max: 100 }).trim().min(1) });
export const SeasonParams = z.object({ gridId: text({ max: 100 }).trim().min(1) });

export const PopularBook = z.object({
  isbn: z.string(),
  title: z.string(),
  authors: z.string(),
  coverUrl: z.string(),
  /** Distinct readers who placed it on this square (at least POPULAR_MIN_READERS). */
  readers: z.number().int(),
});
export type PopularBook = z.infer<typeof PopularBook>;

export const PopularBooksResponse = z.object({
  cellId: z.string(),
  books: z.array(PopularBook),
});
export type PopularBooksResponse = z.infer<typeof PopularBooksResponse>;

export const SeasonSquare = z.object({
  position: z.number().int().min(0).max(15),
  challenge: z.string(),
  label: z.string(),
  /** Readers with a book on the square. */
  readers: z.number().int(),
  /** The square's most used books (k-anonymous). */
  books: z.array(PopularBook),
});
export type SeasonSquare = z.infer<typeof SeasonSquare>;

export const SeasonAuthor = z.object({
  name: z.string(),
  /** Books by them placed on the card by readers who count. */
  placements: z.number().int(),
});
export type SeasonAuthor = z.infer<typeof SeasonAuthor>;

export const SeasonStatsResponse = z.object({
  grid: z.object({
    id: z.string(),
    title: z.string(),
    createdAt: z.string(),
    club: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** Whether the card still runs (live figures) or has ended (frozen). */
    isCurrent: z.boolean(),
  }),
  generatedAt: z.string(),
  participants: z.number().int(),
  /** Readers with at least one completed row, column or diagonal. */
  readersWithLine: z.number().int(),
  fullCards: z.number().int(),
  /** Distinct books placed on the card by readers who show their profile. */
  distinctBooks: z.number().int(),
  /** Squares marked per participant, to one decimal place. */
  averageSquares: z.number(),
  squares: z.array(SeasonSquare),
  /** Positions of the least and most filled squares (ties all listed), once anyone placed. */
  hardest: z.array(z.number().int()),
  easiest: z.array(z.number().int()),
  authors: z.array(SeasonAuthor),
});
export type SeasonStatsResponse = z.infer<typeof SeasonStatsResponse>;
