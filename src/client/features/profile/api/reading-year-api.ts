/** Issue 25: the reading year's calls (own, and another reader's as their profile allows). */
import { queryOptions } from '@tanstack/react-query';
import { FRIEND_PROFILE_CACHE_MS, PROFILE_REFRESH_THROTTLE_MS } from '../../../../lib/limits';
import type {
  OwnReadingYearResponse,
  UserReadingYearResponse,
} from '../../../../lib/schemas/reading-year';
import { apiRequest } from '../../../services/api-client';
import { OWN_PROFILE_KEY } from '../../../services/query-keys';

const yearQuery = (year: number | undefined) => (year === undefined ? '' : `?year=${year}`);

/** Under the own profile's key: a finished book, a rating or a removal refreshes it too. */
export function ownReadingYearQueryOptions(year: number | undefined) {
  return queryOptions({
    queryKey: [...OWN_PROFILE_KEY, 'reading-year', year ?? 'current'] as const,
    queryFn: () =>
      apiRequest<OwnReadingYearResponse>(`/api/profile/reading-year${yearQuery(year)}`),
    staleTime: PROFILE_REFRESH_THROTTLE_MS,
  });
}

export function userReadingYearQueryOptions(userId: string, year: number | undefined) {
  return queryOptions({
    queryKey: ['user-profile', userId, 'reading-year', year ?? 'current'] as const,
    queryFn: () =>
      apiRequest<UserReadingYearResponse>(
        `/api/users/${encodeURIComponent(userId)}/reading-year${yearQuery(year)}`,
      ),
    staleTime: FRIEND_PROFILE_CACHE_MS,
  });
}
