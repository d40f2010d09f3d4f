import { z } from 'zod';
import { normalizeIsbn } from '../isbn';
import { messages } from '../messages';
import { SEARCH_TERM_MAX } from './books';
import { FinishedBook } from './library';
import { text } from './text';

/** Where the reader is on the recommendation page (SPEC.md section 4). */
export const RecommendationState = z.object({
  /** Fewer than 5 finished books: the onboarding screen shows. */
  onboarding: z.boolean(),
  finishedCount: z.number().int(),
  /** Favourites still needed to finish onboarding (0 once done). */
  booksNeeded: z.number().int(),
});
export type RecommendationState = z.infer<typeof RecommendationState>;

export const OnboardingSearchQuery = z.object({
  q: text({ error: messages.book.searchTermRequired })
    .trim()
    .min(1, messages.book.searchTermRequired)
    .max(SEARCH_TERM_MAX, messages.book.searchTermTooLong),
});
export type OnboardingSearchQuery = z.infer<typeof OnboardingSearchQuery>;

/**
 * An onboarding search result (SPEC.md section 5: title, author and thumbnail). Only books
 * with an ISBN are offered, since only they can be added; `coverUrl` is the real thumbnail
 * or the generated cover.
 */
export const OnboardingBook = z.object({
  isbn: z.string(),
  title: z.string(),
  authors: z.string(),
  coverUrl: z.string(),
  publishedDate: z.string().nullable(),
});
export type OnboardingBook = z.infer<typeof OnboardingBook>;

export const OnboardingSearchResponse = z.object({ books: z.array(OnboardingBook) });
export type OnboardingSearchResponse = z.infer<typeof OnboardingSearchResponse>;

const Isbn = text({
  max: 32,
  error: messages.bingo.invalidIsbn,
  tooLong: messages.bingo.invalidIsbn,
}).refine((isbn) => normalizeIsbn(isbn) !== null, { error: messages.bingo.invalidIsbn });

/** Adds a favourite during onboarding: a finished book without a rating. */
export const AddFavouriteBody = z.object({ isbn: Isbn });
export type AddFavouriteBody = z.infer<typeof AddFavouriteBody>;

export const AddFavouriteResponse = z.object({
  book: FinishedBook,
  message: z.string(),
  state: RecommendationState,
});
export type AddFavouriteResponse = z.infer<typeof AddFavouriteResponse>;

/** One card of the queue, with what the click-for-description overlay shows. */
export const RecommendationBook = z.object({
  isbn: z.string(),
  title: z.string(),
  authors: z.string(),
  genre: z.string(),
  categories: z.array(z.string()),
  description: z.string().nullable(),
  publishedDate: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  coverUrl: z.string(),
  averageRating: z.number().nullable(),
  ratingsCount: z.number().int().nullable(),
});
export type RecommendationBook = z.infer<typeof RecommendationBook>;

/**
 * The next batch. `status` 'exhausted': books were found but every one was filtered out
 * (`message` is the run-out text); 'empty': the reader's queries found no books at all
 * (`message` is 'No more books to recommend!'). The client asks again when
 * `refillThreshold` or fewer cards remain, no sooner than `refillMinIntervalMs` after.
 */
export const RecommendationQueueResponse = z.object({
  books: z.array(RecommendationBook),
  status: z.enum(['ok', 'exhausted', 'empty']),
  message: z.string().nullable(),
  refillThreshold: z.number().int(),
  refillMinIntervalMs: z.number().int(),
});
export type RecommendationQueueResponse = z.infer<typeof RecommendationQueueResponse>;

export const SwipeDirection = z.enum(['like', 'dislike']);
export type SwipeDirection = z.infer<typeof SwipeDirection>;

/** Like adds the book to want-to-read; dislike excludes its author for the session. */
export const SwipeBody = z.object({ isbn: Isbn, direction: SwipeDirection });
export type SwipeBody = z.infer<typeof SwipeBody>;

/** `message` is 'Book added to want to read list!' for a like, null for a dislike. */
export const SwipeResponse = z.object({
  direction: SwipeDirection,
  message: z.string().nullable(),
});
export type SwipeResponse = z.infer<typeof SwipeResponse>;
