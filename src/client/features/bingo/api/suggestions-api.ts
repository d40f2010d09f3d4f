/** Books that fit a square, the fit check before placing, and finished books that fit (issue 11). */
import type {
  FitResponse,
  FittingBooksResponse,
  PlaceFittingBooksResponse,
  SuggestionsResponse,
} from '../../../../lib/schemas/suggestions';
import { apiRequest } from '../../../services/api-client';

export const FITTING_BOOKS_QUERY_KEY = ['bingo', 'fitting-books'] as const;

export function suggestionsQueryKey(cellId: string) {
  return ['bingo', 'suggestions', cellId] as const;
}

export function fetchSquareSuggestions(cellId: string): Promise<SuggestionsResponse> {
  return apiRequest<SuggestionsResponse>(
    `/api/bingo/cells/${encodeURIComponent(cellId)}/suggestions`,
  );
}

export function fetchFit(cellId: string, isbn: string): Promise<FitResponse> {
  return apiRequest<FitResponse>(
    `/api/bingo/cells/${encodeURIComponent(cellId)}/fit?isbn=${encodeURIComponent(isbn)}`,
  );
}

export function fetchFittingBooks(): Promise<FittingBooksResponse> {
  return apiRequest<FittingBooksResponse>('/api/bingo/fitting-books');
}

export function placeFittingBooks(): Promise<PlaceFittingBooksResponse> {
  return apiRequest<PlaceFittingBooksResponse>('/api/bingo/fitting-books', { method: 'POST' });
}
