/** The book page's calls: one book by ISBN, and adding it to the want-to-read list. */
import { queryOptions } from '@tanstack/react-query';
import type { WantToReadBookResponse } from '../../../../lib/schemas/library';
import type { BookResponse } from '../../../../lib/schemas/books';
import { apiRequest } from '../../../services/api-client';

/** A book's details hardly change; an hour keeps the page from asking again and again. */
const BOOK_STALE_MS = 60 * 60_000;

export function bookQueryOptions(isbn: string) {
  return queryOptions({
    queryKey: ['book', isbn] as const,
    queryFn: () => apiRequest<BookResponse>(`/api/books/${encodeURIComponent(isbn)}`),
    staleTime: BOOK_STALE_MS,
  });
}

export function addToWantToRead(isbn: string): Promise<WantToReadBookResponse> {
  return apiRequest<WantToReadBookResponse>('/api/want-to-read', {
    method: 'POST',
    body: { isbn },
  });
}
