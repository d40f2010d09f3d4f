/** The blog feed's calls (SPEC.md section 2, Blog feed); types from the shared schemas. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ClubListResponse } from '../../../../lib/schemas/clubs';
import type { MessageResponse } from '../../../../lib/schemas/common';
import type { FeedFilter, FeedResponse } from '../../../../lib/schemas/posts';
import { apiRequest } from '../../../services/api-client';

import { POSTS_KEY } from '../../../services/query-keys';

export { POSTS_KEY };

/** New posts arrive all the time, but a minute-old page is fresh enough to show again at once. */
const FEED_STALE_MS = 60_000;

/**
 * Ten posts a page, newest first; each page asks for the posts after the previous page's
 * nextCursor, and a null nextCursor ends the feed ('No more posts.'). The club filter (issue 12)
 * names its club.
 */
export function feedQueryOptions(filter: FeedFilter, clubId: string | null = null) {
  return infiniteQueryOptions({
    queryKey: [...POSTS_KEY, filter, clubId] as const,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ filter });
      if (filter === 'club' && clubId) params.set('clubId', clubId);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<FeedResponse>(`/api/posts?${params.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: FEED_STALE_MS,
  });
}

export function deletePost(id: string): Promise<z.infer<typeof MessageResponse>> {
  return apiRequest(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * The viewer's clubs (issue 12): one "Club posts" filter each. The club pages' own key for the
 * same list (features/clubs), so joining or leaving a club refreshes the dropdown as well.
 */
export const myClubsQueryOptions = queryOptions({
  queryKey: ['clubs', 'mine'] as const,
  queryFn: () => apiRequest<ClubListResponse>('/api/clubs'),
  staleTime: 60_000,
});
