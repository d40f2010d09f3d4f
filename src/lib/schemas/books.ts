import { z } from 'zod';
import { messages } from '../messages';
import { text } from './text';

/** Most results one search answers with (Google Books' own ceiling for maxResults). */
export const BOOK_SEARCH_MAX = 40;
export const BOOK_SEARCH_DEFAULT = 20;
export const SEARCH_TERM_MAX = 200;

/**
 * A search result. `isbn` is null for a remote result without one: it can be shown but not
 * placed (SPEC.md section 5). `coverUrl` is always usable: the real thumbnail, or a generated one.
 */
export const BookSummary = z.object({
  isbn: z.string().nullable(),
  title: z.string(),
  authors: z.string(),
  genre: z.string(),
  publishedDate: z.string().nullable(),
  coverUrl: z.string(),
});
export type BookSummary = z.infer<typeof BookSummary>;

/** The book page (SPEC.md section 2): every field but the title may be unknown. */
export const BookDetails = BookSummary.extend({
  isbn: z.string(),
  description: z.string().nullable(),
  publisher: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  categories: z.array(z.string()),
  language: z.string().nullable(),
  averageRating: z.number().nullable(),
  ratingsCount: z.number().int().nullable(),
});
export type BookDetails = z.infer<typeof BookDetails>;

export const BookSearchQuery = z.object({
  q: text({ error: messages.book.searchTermRequired })
    .trim()
    .min(1, messages.book.searchTermRequired)
    .max(SEARCH_TERM_MAX, messages.book.searchTermTooLong),
  limit: z.coerce.number().int().min(1).max(BOOK_SEARCH_MAX).default(BOOK_SEARCH_DEFAULT),
});
export type BookSearchQuery = z.infer<typeof BookSearchQuery>;

export const BookSearchResponse = z.object({ books: z.array(BookSummary) });
export type BookSearchResponse = z.infer<typeof BookSearchResponse>;

export const BookParams = z.object({ isbn: text({ max: 32 }) });

export const BookResponse = z.object({ book: BookDetails });
export type BookResponse = z.infer<typeof BookResponse>;
