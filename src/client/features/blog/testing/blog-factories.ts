/** Test data for the blog feed, in the API's shape (src/lib/schemas/posts). */
import type { FeedPost, FeedResponse } from '../../../../lib/schemas/posts';

let sequence = 0;

export function buildPost(overrides: Partial<FeedPost> = {}): FeedPost {
  sequence += 1;
  const isbn = `97802000000${String(sequence).padStart(2, '0')}`;
  return {
    id: `post-${sequence}`,
    userId: `author-${sequence}`,
    username: `hedgehog_${sequence}`,
    bookIsbn: isbn,
    bookTitle: `Review Book ${sequence}`,
    coverUrl: `/api/books/${isbn}/cover.svg`,
    body: `<p>Review number ${sequence}.</p>`,
    rating: 4,
    createdAt: '2025-05-14T10:00:00.000Z',
    isOwn: false,
    ...overrides,
  };
}

export function buildFeedPage(posts: FeedPost[], nextCursor: string | null = null): FeedResponse {
  return { posts, nextCursor };
}
