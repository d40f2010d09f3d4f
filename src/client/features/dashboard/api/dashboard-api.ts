/** Issue 24: a season's dashboard, typed by src/lib/schemas/dashboard.ts. */
import { queryOptions } from '@tanstack/react-query';
import type { GridListResponse } from '../../../../lib/schemas/admin';
import type { DashboardResponse } from '../../../../lib/schemas/dashboard';
import { apiRequest } from '../../../services/api-client';

/** The dashboard page of a card; without an id, the current shared card's (admins). */
export function dashboardAddressOf(gridId?: string): string {
  return gridId ? `/dashboard/${encodeURIComponent(gridId)}` : '/dashboard';
}

export function dashboardQueryOptions(gridId: string) {
  return queryOptions({
    queryKey: ['dashboard', gridId] as const,
    queryFn: () =>
      apiRequest<DashboardResponse>(`/api/grids/${encodeURIComponent(gridId)}/dashboard`),
    // The server counts a card at most every 30 s; asking more often brings nothing new.
    staleTime: 30_000,
  });
}

/** The grid list, to find the current shared card when no card is named. */
export const dashboardGridsQueryOptions = queryOptions({
  queryKey: ['grids'] as const,
  queryFn: () => apiRequest<GridListResponse>('/api/grids'),
});
