import { z } from 'zod';
import { normalizeIsbn } from '../isbn';
import { RATING_MAX, RATING_MIN, REVIEW_MAX } from '../limits';
import { messages } from '../messages';
import { text } from './text';

/** The review modal's form (SPEC.md section 5): text required and at most 2000, rating 1-5. */
export const PostReviewBody = z.object({
  isbn: text({
    max: 32,
    error: messages.bingo.invalidIsbn,
    tooLong: messages.bingo.invalidIsbn,
  }).refine((isbn) => normalizeIsbn(isbn) !== null, { error: messages.bingo.invalidIsbn }),
  text: text({
    max: 2 * REVIEW_MAX,
    multiline: true,
    error: messages.review.textRequired,
    tooLong: messages.review.tooLong,
  })
    .trim()
    .min(1, messages.review.textRequired)
    .max(REVIEW_MAX, messages.review.tooLong),
  rating: z
    .number({ error: messages.review.ratingRequired })
    .int(messages.review.ratingRequired)
    .min(RATING_MIN, messages.review.ratingRequired)
    .max(RATING_MAX, messages.review.ratingRequired),
});
export type PostReviewBody = z.infer<typeof PostReviewBody>;

/** A blog post (SPEC.md section 3); `body` is sanitised HTML. */
export const BlogPost = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  bookIsbn: z.string(),
  bookTitle: z.string(),
  coverUrl: z.string(),
  body: z.string(),
  rating: z.number().int(),
  createdAt: z.string(),
});
export type BlogPost = z.infer<typeof BlogPost>;

export const PostReviewResponse = z.object({ message: z.string(), post: BlogPost });
export type PostReviewResponse = z.infer<typeof PostReviewResponse>;
