/**
 * The profile page's calls: own card and stats, its edits, own finished books and want-to-read
 * list, and other readers' read-only profiles. Types come from the shared schemas.
 */
import { queryOptions } from '@tanstack/react-query';
import { FRIEND_PROFILE_CACHE_MS, PROFILE_REFRESH_THROTTLE_MS } from '../../../../lib/limits';
import type { MessageResponse } from '../../../../lib/schemas/common';
import type {
  FinishedBookResponse,
  FinishedBooksResponse,
  WantToReadResponse,
} from '../../../../lib/schemas/library';
import type {
  ProfileResponse,
  UpdateProfileBody,
  UpdateProfileResponse,
  UserProfileResponse,
} from '../../../../lib/schemas/profile';
import type { z } from 'zod';
import { apiRequest } from '../../../services/api-client';

type Message = z.infer<typeof MessageResponse>;

/**
 * Every query of the own profile lives under this key, so anything that changes the reader's
 * books (a review, a removal) refreshes the card, the stats and the lists with one invalidation.
 */
import { OWN_PROFILE_KEY } from '../../../services/query-keys';

export { OWN_PROFILE_KEY };

/**
 * Own data changes only through the reader's own actions, which invalidate it; otherwise it is
 * reloaded at most every five minutes (SPEC.md section 9, profile refresh throttle).
 */
export const profileQueryOptions = queryOptions({
  queryKey: [...OWN_PROFILE_KEY, 'card'] as const,
  queryFn: () => apiRequest<ProfileResponse>('/api/profile'),
  staleTime: PROFILE_REFRESH_THROTTLE_MS,
});

export const finishedBooksQueryOptions = queryOptions({
  queryKey: [...OWN_PROFILE_KEY, 'finished-books'] as const,
  queryFn: () => apiRequest<FinishedBooksResponse>('/api/finished-books'),
  staleTime: PROFILE_REFRESH_THROTTLE_MS,
});

export const wantToReadQueryOptions = queryOptions({
  queryKey: [...OWN_PROFILE_KEY, 'want-to-read'] as const,
  queryFn: () => apiRequest<WantToReadResponse>('/api/want-to-read'),
  staleTime: PROFILE_REFRESH_THROTTLE_MS,
});

/** Another reader's profile, cached for five minutes (SPEC.md section 9, friend profile). */
export function userProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['user-profile', userId] as const,
    queryFn: () =>
      apiRequest<UserProfileResponse>(`/api/users/${encodeURIComponent(userId)}/profile`),
    staleTime: FRIEND_PROFILE_CACHE_MS,
  });
}

export function updateProfile(body: UpdateProfileBody): Promise<UpdateProfileResponse> {
  return apiRequest('/api/profile', { method: 'PATCH', body });
}

export function rateFinishedBook(isbn: string, rating: number): Promise<FinishedBookResponse> {
  return apiRequest(`/api/finished-books/${encodeURIComponent(isbn)}`, {
    method: 'PATCH',
    body: { rating },
  });
}

export function removeFinishedBook(isbn: string): Promise<Message> {
  return apiRequest(`/api/finished-books/${encodeURIComponent(isbn)}`, { method: 'DELETE' });
}

export function removeWantToRead(isbn: string): Promise<Message> {
  return apiRequest(`/api/want-to-read/${encodeURIComponent(isbn)}`, { method: 'DELETE' });
}
