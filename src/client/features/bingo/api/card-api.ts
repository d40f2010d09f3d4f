/** The reader's card on one grid: read it, place a book on a square, reset it (SPEC.md section 4). */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { endOfDayUtc } from '../../../../lib/dates';
import { GRID_CACHE_MS, PROGRESS_CACHE_MS } from '../../../../lib/limits';
import type { GridSummary } from '../../../../lib/schemas/admin';
import type {
  BingoCardResponse,
  CellPlacement,
  PlaceBookBody,
  PlaceBookResponse,
  ResetGridResponse,
} from '../../../../lib/schemas/bingo';
import { apiRequest } from '../../../services/api-client';
import { ME_QUERY_KEY, type MeResponse } from '../../../services/session-api';
import { MAX_TIMER_MS } from './grids-api';

export const CARD_QUERY_ROOT = ['bingo', 'card'] as const;

export function cardQueryKey(gridId: string) {
  return [...CARD_QUERY_ROOT, gridId] as const;
}

/**
 * A card holds the reader's progress, so it is fresh for PROGRESS_CACHE_MS (SPEC.md section 9).
 * A past grid can no longer change: it keeps the grid data's lifetime.
 */
export function cardQueryOptions(gridId: string, isCurrent: boolean) {
  const gridLifetime = GRID_CACHE_MS > MAX_TIMER_MS ? Infinity : GRID_CACHE_MS;
  return queryOptions({
    queryKey: cardQueryKey(gridId),
    queryFn: () => apiRequest<BingoCardResponse>(`/api/bingo/grids/${encodeURIComponent(gridId)}`),
    staleTime: isCurrent ? PROGRESS_CACHE_MS : gridLifetime,
  });
}

export function placeBook(body: PlaceBookBody): Promise<PlaceBookResponse> {
  return apiRequest<PlaceBookResponse>('/api/bingo/placements', { method: 'POST', body });
}

export function resetGrid(gridId: string): Promise<ResetGridResponse> {
  return apiRequest<ResetGridResponse>(
    `/api/bingo/grids/${encodeURIComponent(gridId)}/placements`,
    { method: 'DELETE' },
  );
}

/**
 * Writes the reader's new total wherever the cache holds it (every shared card and `me`), so the
 * counter moves at once. Club cards (issue 12) count their own points and are left alone. Returns
 * whether any card showed a different total before.
 */
export function writeCachedPoints(queryClient: QueryClient, totalPoints: number): boolean {
  let changed = false;
  queryClient.setQueriesData<BingoCardResponse>({ queryKey: CARD_QUERY_ROOT }, (card) => {
    if (!card || card.grid.club || card.points === totalPoints) return card;
    changed = true;
    return { ...card, points: totalPoints };
  });
  queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) =>
    me?.user ? { user: { ...me.user, points: totalPoints } } : me,
  );
  return changed;
}

/**
 * A club card's points are the reader's points on all that club's cards (issue 12): a placement
 * or reset on one moves the counter of every cached card of the club, and nothing else.
 */
export function writeCachedClubPoints(
  queryClient: QueryClient,
  clubId: string,
  totalPoints: number,
): void {
  queryClient.setQueriesData<BingoCardResponse>({ queryKey: CARD_QUERY_ROOT }, (card) =>
    card && card.grid.club?.id === clubId ? { ...card, points: totalPoints } : card,
  );
}

/** The days-left badge's moment: a club card's own date (YYYY-MM-DD, its end in UTC) or the admin's. */
export function resetMomentOf(card: BingoCardResponse, listed?: GridSummary): string | null {
  if (!card.grid.club) return card.resetDate;
  const date = card.grid.resetDate ?? listed?.resetDate ?? null;
  if (!date) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  try {
    return endOfDayUtc(date);
  } catch {
    return null;
  }
}

/** Puts a placement the server accepted on its square of the cached card. */
export function writeCachedPlacement(
  queryClient: QueryClient,
  gridId: string,
  cellId: string,
  placement: CellPlacement | null,
): void {
  queryClient.setQueryData<BingoCardResponse>(cardQueryKey(gridId), (card) =>
    card
      ? {
          ...card,
          cells: card.cells.map((cell) => (cell.id === cellId ? { ...cell, placement } : cell)),
        }
      : card,
  );
}
