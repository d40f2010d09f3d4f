import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../../lib/messages';
import type { FinishedBook } from '../../../../lib/schemas/library';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { NotKeptOffline } from '../../../offline/offline-read-only';
import { StarRating } from '../../../components/star-rating';
import { finishedBooksQueryOptions } from '../api/profile-api';
import { useRateFinishedBook, useRemoveFinishedBook } from '../hooks/use-profile-actions';
import { BookRow } from './book-row';

export const MY_BOOKS_TEXT = {
  loading: 'Loading your books...',
  empty: "You haven't finished any books yet. Place a book on your bingo card to start!",
} as const;

/** My Books: finished books, each rated in place and removable behind YES/NO. */
export function MyBooksTab() {
  const books = useQuery(finishedBooksQueryOptions);
  const rate = useRateFinishedBook();
  const remove = useRemoveFinishedBook();
  const [toRemove, setToRemove] = useState<FinishedBook | null>(null);

  if (books.isPending) {
    // Issue 26: offline, a list never loaded on this device waits (paused) instead of failing.
    return books.fetchStatus === 'paused' ? (
      <NotKeptOffline />
    ) : (
      <Spinner label={MY_BOOKS_TEXT.loading} showLabel />
    );
  }
  if (books.isError && !books.data)
    return <LoadError error={books.error} fallback={messages.profile.loadFailed} />;
  if (books.data.books.length === 0) return <p className="empty">{MY_BOOKS_TEXT.empty}</p>;

  return (
    <>
      <ul className="book-list">
        {books.data.books.map((book) => (
          <BookRow
            key={book.isbn}
            book={book}
            actions={
              <button
                type="button"
                className="button button--small button--secondary"
                aria-label={`Remove ${book.title}`}
                onClick={() => setToRemove(book)}
              >
                Remove
              </button>
            }
          >
            {book.author ? <span className="book-row__author">{book.author}</span> : null}
            <StarRating
              value={book.rating}
              label="Your rating"
              labelDetail={`for ${book.title}`}
              disabled={rate.isPending && rate.variables.isbn === book.isbn}
              onChange={(rating) => rate.mutate({ isbn: book.isbn, rating })}
            />
          </BookRow>
        ))}
      </ul>
      {toRemove ? (
        <ConfirmDialog
          title="Remove Book"
          question={`Are you sure you want to remove "${toRemove.title}" from your books?`}
          isBusy={remove.isPending}
          onCancel={() => setToRemove(null)}
          onConfirm={() => remove.mutateAsync(toRemove.isbn).finally(() => setToRemove(null))}
        />
      ) : null}
    </>
  );
}
