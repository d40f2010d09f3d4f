/**
 * Issue 22: GET /api/grids lists each scope's newest grids; the grid selector loads older ones on
 * demand from GET /api/grids/past. Apart from grids-api.ts, which is in the entry (bingo-route),
 * so the entry does not carry it.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { GridSummary, PastGridsResponse } from '../../../../lib/schemas/admin';
import { apiRequest } from '../../../services/api-client';

/** The scope of the shared card's older grids, beside the clubs' ids. */
export const SHARED_SCOPE = 'shared';

/** Older grids loaded so far, by scope (SHARED_SCOPE or a club's id), and where each goes on. */
export type PastGridPages = Partial<
  Record<string, { grids: GridSummary[]; cursor: string | null }>
>;

/**
 * The older grids loaded so far, kept under the grids' key, so a new grid (which invalidates
 * ['grids']) starts them over. Nothing is fetched for this key itself: loadPastGrids adds pages.
 */
export const pastGridsQueryOptions = queryOptions({
  queryKey: ['grids', 'past'] as const,
  queryFn: (): Promise<PastGridPages> => Promise.resolve({}),
  staleTime: Infinity,
});

/** The next page of one scope's older grids, added to those loaded before. */
export async function loadPastGrids(
  queryClient: QueryClient,
  scope: string,
  cursor: string,
): Promise<void> {
  const params = new URLSearchParams({ cursor });
  if (scope !== SHARED_SCOPE) params.set('club', scope);
  const page = await apiRequest<PastGridsResponse>(`/api/grids/past?${params.toString()}`);
  queryClient.setQueryData(pastGridsQueryOptions.queryKey, (old: PastGridPages = {}) => {
    const had = old[scope]?.grids ?? [];
    const known = new Set(had.map((grid) => grid.id));
    return {
      ...old,
      [scope]: {
        grids: [...had, ...page.grids.filter((grid) => !known.has(grid.id))],
        cursor: page.cursor,
      },
    };
  });
}
