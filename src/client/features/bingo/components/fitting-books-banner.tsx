import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import { notifyError, notifySuccess } from '../../../app/notify';
import { errorText } from '../../../services/api-client';
import { CARD_QUERY_ROOT, writeCachedPoints } from '../api/card-api';
import {
  FITTING_BOOKS_QUERY_KEY,
  fetchFittingBooks,
  placeFittingBooks,
} from '../api/suggestions-api';
import '../suggestions.css';

/**
 * "N of your books fit squares on your card" (issue 11): finished books (read, reviewed,
 * imported) that meet an empty square's rule. Nothing is placed until the reader asks.
 */
export function FittingBooksBanner() {
  const queryClient = useQueryClient();
  const fitting = useQuery({ queryKey: FITTING_BOOKS_QUERY_KEY, queryFn: fetchFittingBooks });
  const place = useMutation({
    mutationFn: placeFittingBooks,
    onSuccess: (result) => {
      notifySuccess(result.message);
      writeCachedPoints(queryClient, result.totalPoints);
      void queryClient.invalidateQueries({ queryKey: CARD_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: FITTING_BOOKS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['bingo', 'suggestions'] });
    },
    onError: (error) => notifyError(errorText(error, messages.bingo.saveBookFailed)),
  });
  const message = fitting.data?.message;
  if (!message) return null;
  return (
    <div className="fitting-books" role="note">
      <p className="fitting-books__text">{message}</p>
      <ul className="fitting-books__list">
        {fitting.data?.books.map((book) => (
          <li key={book.cellId}>
            {book.title}: {book.challenge} ({book.reason})
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--primary"
        disabled={place.isPending}
        onClick={() => place.mutate()}
      >
        {messages.fit.placeThem}
      </button>
    </div>
  );
}
