/** The book search behind the square's modal (guests may search too). */
import type { BookSearchResponse } from '../../../../lib/schemas/books';
import { apiRequest } from '../../../services/api-client';

export function searchBooks(term: string): Promise<BookSearchResponse> {
  return apiRequest<BookSearchResponse>(`/api/books/search?q=${encodeURIComponent(term)}`);
}
