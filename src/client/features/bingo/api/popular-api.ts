/** Issue 25: the books other readers placed on a square (3 readers at least). */
import type { PopularBooksResponse } from '../../../../lib/schemas/season';
import { apiRequest } from '../../../services/api-client';

export function popularQueryKey(cellId: string) {
  return ['bingo', 'popular', cellId] as const;
}

export function fetchPopularBooks(cellId: string): Promise<PopularBooksResponse> {
  return apiRequest<PopularBooksResponse>(`/api/bingo/cells/${encodeURIComponent(cellId)}/popular`);
}
