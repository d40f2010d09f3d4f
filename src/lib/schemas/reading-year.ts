import { z } from 'zod';
import { READING_YEAR_MAX, READING_YEAR_MIN } from '../reading-year';
import { messages } from '../messages';

const t = messages.readingYear;

/** `?year=2026`: the year to show; left out, the current year (UTC). */
export const ReadingYearQuery = z.object({
  year: z.coerce
    .number({ error: t.yearInvalid })
    .int(t.yearInvalid)
    .min(READING_YEAR_MIN, t.yearInvalid)
    .max(READING_YEAR_MAX, t.yearInvalid)
    .optional(),
});

export const ReadingYearParams = z.object({
  year: z.coerce
    .number({ error: t.yearInvalid })
    .int(t.yearInvalid)
    .min(READING_YEAR_MIN, t.yearInvalid)
    .max(READING_YEAR_MAX, t.yearInvalid),
});

export const ReadingYearUserParams = z.object({ userId: z.string().min(1).max(100) });

const Count = z.number().int();

/** One book named on the page: the longest, or the best rated. */
export const ReadingYearBook = z.object({
  isbn: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  pages: Count.nullable(),
  rating: Count.nullable(),
});
export type ReadingYearBook = z.infer<typeof ReadingYearBook>;

/**
 * A reader's year in books (issue 25): what the Stats tab and the Year in Review show. A book
 * belongs to the year of its finished date in UTC (the app keeps no time zone per reader).
 */
export const ReadingYear = z.object({
  year: Count,
  /** Every year the reader has data for (finished books or card activity), newest first. */
  years: z.array(Count),
  booksRead: Count,
  /** Pages of the books whose page count the catalogue knows. */
  pagesRead: Count,
  /** Books finished without a known page count (left out of the pages). */
  booksWithoutPages: Count,
  /** Twelve months, January first. */
  months: z.array(z.object({ month: Count, books: Count, pages: Count })),
  /** Most read first (at most 10), from the books' stored subjects. */
  subjects: z.array(z.object({ name: z.string(), books: Count })),
  /** Most read first, by the book's language (null code: not known). */
  languages: z.array(z.object({ code: z.string().nullable(), name: z.string(), books: Count })),
  /** Authors read this year: first met this year, or finished in an earlier year too. */
  authors: z.object({ new: Count, returning: Count }),
  /** One entry per star, 1 to 5. */
  ratings: z.array(z.object({ stars: Count, books: Count })),
  averageRating: z.number().nullable(),
  longestBook: ReadingYearBook.nullable(),
  bestRatedBook: ReadingYearBook.nullable(),
  /** Cards the reader marked squares on during the year, with their totals on each. */
  cards: z.array(z.object({ gridId: z.string(), title: z.string(), squares: Count, lines: Count })),
});
export type ReadingYear = z.infer<typeof ReadingYear>;

/** The reader's own year, with the share image's addresses and alt text. */
export const OwnReadingYearResponse = z.object({
  reading: ReadingYear,
  share: z.object({ svgUrl: z.string(), pngUrl: z.string(), alt: z.string() }),
});
export type OwnReadingYearResponse = z.infer<typeof OwnReadingYearResponse>;

/**
 * Another reader's year: shown exactly when their profile is (decision 014), else hidden as
 * their profile route answers it (200 with access 'hidden'; 404 when there is no such reader).
 */
export const UserReadingYearResponse = z.discriminatedUnion('access', [
  z.object({ access: z.literal('full'), reading: ReadingYear, alt: z.string() }),
  z.object({ access: z.literal('hidden') }),
]);
export type UserReadingYearResponse = z.infer<typeof UserReadingYearResponse>;
