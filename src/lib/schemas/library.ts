import { z } from 'zod';
import { normalizeIsbn } from '../isbn';
import { RATING_MAX, RATING_MIN } from '../limits';
import { messages } from '../messages';
import { text } from './text';

/** A book the reader has finished (SPEC.md section 3, FinishedBook), as its owner sees it. */
export const FinishedBook = z.object({
  isbn: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  /** The real cover, else the generated one. */
  coverUrl: z.string(),
  /** Null until rated (SPEC.md section 3). */
  rating: z.number().int().nullable(),
  /** Sanitised when it was written (the review modal, issue 3). */
  review: z.string().nullable(),
  ratedAt: z.string().nullable(),
  finishedAt: z.string(),
});
export type FinishedBook = z.infer<typeof FinishedBook>;

/** A finished book on a friend's profile: no review text; the rating only where present. */
export const FriendBook = FinishedBook.omit({ review: true, ratedAt: true });
export type FriendBook = z.infer<typeof FriendBook>;

/** A book on the want-to-read list (SPEC.md section 3, wantToRead). */
export const WantToReadBook = z.object({
  isbn: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  coverUrl: z.string(),
  addedAt: z.string(),
});
export type WantToReadBook = z.infer<typeof WantToReadBook>;

export const FinishedBooksResponse = z.object({
  books: z.array(FinishedBook),
  count: z.number().int(),
});
export type FinishedBooksResponse = z.infer<typeof FinishedBooksResponse>;

export const WantToReadResponse = z.object({
  books: z.array(WantToReadBook),
  count: z.number().int(),
});
export type WantToReadResponse = z.infer<typeof WantToReadResponse>;

/** Adds a catalogue book by ISBN (13 or 10 digits, hyphens and spaces allowed). */
export const AddBookBody = z.object({
  isbn: text({
    max: 32,
    error: messages.bingo.invalidIsbn,
    tooLong: messages.bingo.invalidIsbn,
  }).refine((isbn) => normalizeIsbn(isbn) !== null, { error: messages.bingo.invalidIsbn }),
});
export type AddBookBody = z.infer<typeof AddBookBody>;

export const RateBookBody = z.object({
  rating: z
    .number({ error: messages.book.ratingInvalid })
    .int(messages.book.ratingInvalid)
    .min(RATING_MIN, messages.book.ratingInvalid)
    .max(RATING_MAX, messages.book.ratingInvalid),
});
export type RateBookBody = z.infer<typeof RateBookBody>;

export const BookIsbnParams = z.object({ isbn: text({ max: 32 }).min(1) });

export const FinishedBookResponse = z.object({ book: FinishedBook, message: z.string() });
export type FinishedBookResponse = z.infer<typeof FinishedBookResponse>;

export const WantToReadBookResponse = z.object({ book: WantToReadBook, message: z.string() });
export type WantToReadBookResponse = z.infer<typeof WantToReadBookResponse>;
