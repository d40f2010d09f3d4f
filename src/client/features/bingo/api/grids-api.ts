import { queryOptions } from '@tanstack/react-query';
import { GRID_CACHE_MS } from '../../../../lib/limits';
import type { GridListResponse } from '../../../../lib/schemas/admin';
import { apiRequest } from '../../../services/api-client';

/** The longest delay setTimeout honours; a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** All grids, newest first; the current one is the newest the admin created. */
export const gridsQueryOptions = queryOptions({
  queryKey: ['grids'] as const,
  queryFn: () => apiRequest<GridListResponse>('/api/grids'),
  // SPEC.md section 9 caches grids for 30 days: they change only when an admin creates one, and
  // the admin page invalidates this key itself. 30 days overflows setTimeout (max ~24.8 days, a
  // longer timer fires at once), so anything longer than that means 'fresh until invalidated'.
  staleTime: GRID_CACHE_MS > MAX_TIMER_MS ? Infinity : GRID_CACHE_MS,
});
