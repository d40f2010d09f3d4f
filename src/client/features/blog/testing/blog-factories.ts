/** Test data for the blog feed, in the API's shape (src/lib/schemas/posts). */
import type { ClubSummary } from '../../../../lib/schemas/clubs';
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
    hidden: false,
    ...overrides,
  };
}

export function buildFeedPage(posts: FeedPost[], nextCursor: string | null = null): FeedResponse {
  return { posts, nextCursor };
}

/** One of the viewer's clubs (issue 12), as GET /api/clubs lists it. */
export function buildClub(overrides: Partial<ClubSummary> = {}): ClubSummary {
  sequence += 1;
  return {
    id: `club-${sequence}`,
    name: `Club ${sequence}`,
    description: '',
    memberCount: 2,
    createdAt: '2025-05-01T09:00:00.000Z',
    role: 'member',
    requestPending: false,
    ...overrides,
  };
}
