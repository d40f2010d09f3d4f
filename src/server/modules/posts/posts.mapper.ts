import { profileNameOf } from '../../../lib/display-name';
import type { FeedPost } from '../../../lib/schemas/posts';
import { toIso } from '../../db/schema';
import { generatedCoverPath } from '../books/books.mapper';
import { sanitizeReview } from '../reviews/reviews.service';
import type { FeedRow } from './posts.repository';

/**
 * A post as the feed shows it. The body was sanitised when the review was written; it passes
 * the same allow-list again here, so a row that reached the table some other way (an import,
 * an older version) can never carry a script to the page.
 */
export function toFeedPost(row: FeedRow, viewerId: string): FeedPost {
  return {
    id: row.id,
    userId: row.userId,
    username: profileNameOf(row),
    bookIsbn: row.bookIsbn,
    bookTitle: row.bookTitle,
    coverUrl: row.coverUrl ?? generatedCoverPath(row.bookIsbn),
    body: sanitizeReview(row.body),
    rating: Number(row.rating),
    createdAt: toIso(row.createdAt),
    isOwn: row.userId === viewerId,
    // Issue 23: only the author is shown a hidden post, and told so.
    hidden: row.hiddenAt !== null && row.hiddenAt !== undefined,
  };
}

/**
 * The cursor time of a row exactly as stored: SQLite compares the ISO text it holds, so the
 * stored string is used as is; PostgreSQL hands a Date.
 */
export function cursorTimeOf(row: FeedRow): string {
  return row.createdAt instanceof Date ? row.createdAt.toISOString() : row.createdAt;
}
