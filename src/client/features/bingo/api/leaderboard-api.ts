/** The Friends and Global Top 10 leaderboards (SPEC.md sections 2 and 9), and a club's (issue 12). */
import { queryOptions } from '@tanstack/react-query';
import type { LeaderboardResponse, LeaderboardScope } from '../../../../lib/schemas/bingo';
import type { ClubLeaderboardResponse } from '../../../../lib/schemas/clubs';
import { apiRequest } from '../../../services/api-client';

export const LEADERBOARD_QUERY_ROOT = ['bingo', 'leaderboard'] as const;

export function leaderboardQueryOptions(scope: LeaderboardScope) {
  return queryOptions({
    queryKey: [...LEADERBOARD_QUERY_ROOT, scope] as const,
    queryFn: () => apiRequest<LeaderboardResponse>(`/api/leaderboard?scope=${scope}`),
    // Live `leaderboard` events invalidate it; switching tabs back and forth need not refetch.
    staleTime: 30_000,
  });
}

/** Under LEADERBOARD_QUERY_ROOT, so a live `leaderboard` event refetches it as well. */
export function clubLeaderboardQueryOptions(clubId: string) {
  return queryOptions({
    queryKey: [...LEADERBOARD_QUERY_ROOT, 'club', clubId] as const,
    queryFn: () =>
      apiRequest<ClubLeaderboardResponse>(`/api/clubs/${encodeURIComponent(clubId)}/leaderboard`),
    staleTime: 30_000,
  });
}
