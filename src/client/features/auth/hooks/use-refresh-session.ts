import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { meQueryOptions } from '../../../services/session-api';

/**
 * Re-reads `GET /api/me` after a sign-in and waits for it, so the page we go to next is guarded
 * with the new session, not the old one.
 */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // Other queries belong to whoever was signed in before.
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== meQueryOptions.queryKey[0],
    });
    await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
  }, [queryClient]);
}
