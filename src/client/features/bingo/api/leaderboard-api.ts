/** The Friends and Global Top 10 leaderboards (SPEC.md sections 2 and 9). */
import { queryOptions } from '@tanstack/react-query';
import type { LeaderboardResponse, LeaderboardScope } from '../../../../lib/schemas/bingo';
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
