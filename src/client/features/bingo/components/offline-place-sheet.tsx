import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { messages } from '../../../../lib/messages';
import type { BingoCell } from '../../../../lib/schemas/bingo';
import type { BookSearchResponse } from '../../../../lib/schemas/books';
import type { FinishedBooksResponse, WantToReadResponse } from '../../../../lib/schemas/library';
import type { SuggestionsResponse } from '../../../../lib/schemas/suggestions';
import { BookCover } from '../../../components/book-cover';
import { Modal } from '../../../components/modal';
import type { QueuedBook } from '../../../offline/placement-queue';
import { OWN_PROFILE_KEY } from '../../../services/query-keys';
import { suggestionsQueryKey } from '../api/suggestions-api';
import { SquareBook } from './square-book';
import '../suggestions.css';

export interface KnownBook extends QueuedBook {
  authors: string;
}

/**
 * The books this device already knows, for a square offline (issue 26): the square's
 * suggestions last seen, then the want-to-read list, finished books and recent search results,
 * each once. Only what the app fetched before is here: nothing is asked of the network.
 */
export function knownBooksFor(queryClient: QueryClient, cellId: string): KnownBook[] {
  const found = new Map<string, KnownBook>();
  const add = (book: { isbn: string | null; title: string; coverUrl: string }, authors = '') => {
    if (book.isbn && !found.has(book.isbn)) {
      found.set(book.isbn, {
        isbn: book.isbn,
        title: book.title,
        coverUrl: book.coverUrl,
        authors,
      });
    }
  };
  const suggestions = queryClient.getQueryData<SuggestionsResponse>(suggestionsQueryKey(cellId));
  for (const book of suggestions?.squares[0]?.suggestions ?? []) add(book, book.authors);
  const wanted = queryClient.getQueryData<WantToReadResponse>([...OWN_PROFILE_KEY, 'want-to-read']);
  for (const book of wanted?.books ?? []) add(book, book.author ?? '');
  const finished = queryClient.getQueryData<FinishedBooksResponse>([
    ...OWN_PROFILE_KEY,
    'finished-books',
  ]);
  for (const book of finished?.books ?? []) add(book, book.author ?? '');
  const searches = queryClient.getQueriesData<BookSearchResponse>({
    queryKey: ['bingo', 'search'],
  });
  for (const [, answer] of searches) {
    for (const book of answer?.books ?? []) add(book, book.authors);
  }
  return [...found.values()];
}

interface OfflinePlaceSheetProps {
  cell: BingoCell;
  onClose: () => void;
  onChoose: (book: KnownBook) => void;
}

/**
 * A square's sheet offline (issue 26): its challenge, the book on it, and the books this device
 * knows to place; a choice waits on the card and is sent when the network is back.
 */
export function OfflinePlaceSheet({ cell, onClose, onChoose }: OfflinePlaceSheetProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const books = useMemo(() => knownBooksFor(queryClient, cell.id), [queryClient, cell.id]);
  return (
    <Modal title={cell.challenge} onClose={onClose}>
      {cell.placement ? (
        <section className="square-sheet__book" aria-label={messages.bingo.onThisSquare}>
          <SquareBook placement={cell.placement} />
        </section>
      ) : null}
      <section className="suggestions" aria-labelledby={headingId}>
        <h3 id={headingId} className="suggestions__title">
          {messages.offlineQueue.knownBooksTitle}
        </h3>
        <p className="suggestions__hint">{messages.offlineQueue.knownBooksHint}</p>
        {books.length === 0 ? (
          <p className="empty">{messages.offlineQueue.noKnownBooks}</p>
        ) : (
          <ul className="suggestions__list">
            {books.map((book) => (
              <li className="suggestion" key={book.isbn}>
                <BookCover
                  coverUrl={book.coverUrl}
                  title={book.title}
                  isbn={book.isbn}
                  size="small"
                />
                <div className="suggestion__text">
                  <p className="suggestion__title">{book.title}</p>
                  {book.authors ? <p className="suggestion__authors">{book.authors}</p> : null}
                </div>
                <button
                  type="button"
                  className="button button--primary button--small"
                  aria-label={`${messages.fit.place} ${book.title}`}
                  onClick={() => onChoose(book)}
                >
                  {messages.fit.place}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Modal>
  );
}
