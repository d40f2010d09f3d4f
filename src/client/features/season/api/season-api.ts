/** Issue 25: a card's season statistics, typed by src/lib/schemas/season.ts. */
import { queryOptions } from '@tanstack/react-query';
import type { SeasonStatsResponse } from '../../../../lib/schemas/season';
import { apiRequest } from '../../../services/api-client';

/** The season page of a card. */
export function seasonAddressOf(gridId: string): string {
  return `/season/${encodeURIComponent(gridId)}`;
}

/** The headline numbers as an image (SVG or PNG), nothing personal in it. */
export function seasonImageOf(gridId: string, format: 'svg' | 'png'): string {
  return `/api/grids/${encodeURIComponent(gridId)}/season-stats.${format}`;
}

export function seasonQueryOptions(gridId: string) {
  return queryOptions({
    queryKey: ['season', gridId] as const,
    queryFn: () =>
      apiRequest<SeasonStatsResponse>(`/api/grids/${encodeURIComponent(gridId)}/season-stats`),
    // The server keeps a running card's answer 10 s; asking more often brings nothing new.
    staleTime: 10_000,
  });
}
