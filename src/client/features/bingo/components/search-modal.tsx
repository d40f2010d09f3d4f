import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { BingoCell } from '../../../../lib/schemas/bingo';
import {
  BookSearchQuery,
  type BookSearchResponse,
  type BookSummary,
} from '../../../../lib/schemas/books';
import { notifyError } from '../../../app/notify';
import { BookCover } from '../../../components/book-cover';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { resultCountText } from '../../../components/result-count-text';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { errorText } from '../../../services/api-client';
import { isGuest } from '../../../services/session-api';
import { searchBooks } from '../api/search-api';
import { SquareBook } from './square-book';
import { PopularBooks } from './popular-books';
import { SquareSuggestions } from './square-suggestions';

const searchTerm = BookSearchQuery.shape.q;

/** Where a search's answer is kept, so coming back from View Book shows the same results. */
function searchKey(term: string) {
  return ['bingo', 'search', term] as const;
}

export type ChosenBook = BookSummary & { isbn: string };

interface SearchModalProps {
  /** The square: its challenge is the modal's title, its book is shown above the search. */
  cell: BingoCell;
  /** The last term searched for this square (kept in the address), '' for none. */
  searchedTerm: string;
  /** Remembers a term once it has been searched. */
  onSearched: (term: string) => void;
  /** The address that reopens this sheet with a term: where View Book's Back leads. */
  addressOf: (term: string) => string;
  onClose: () => void;
  /** Places the chosen book; the modal stays open until the placement has been decided. */
  onChoose: (book: ChosenBook) => void;
  isPlacing: boolean;
}

/**
 * The sheet of a square (SPEC.md section 2): its challenge, the book on it, a labelled search
 * box (Enter or Search), and results with cover, title, authors, View Book and Choose. Its body
 * is a stack of sections; the search and its results come last so others can go above them.
 * View Book leaves for the book page and Back returns here with the same term and results.
 */
export function SearchModal({
  cell,
  searchedTerm,
  onSearched,
  addressOf,
  onClose,
  onChoose,
  isPlacing,
}: SearchModalProps) {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [term, setTerm] = useState(searchedTerm);
  const [termError, setTermError] = useState<string | null>(null);
  const noIsbnHintId = useId();
  const restored = searchedTerm
    ? queryClient.getQueryData<BookSearchResponse>(searchKey(searchedTerm))
    : undefined;

  // A search that answers after the reader closed the sheet must not open it again: its answer
  // is kept for next time, but the address (which opens the sheet) moves only while it is open.
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  const search = useMutation({
    mutationFn: searchBooks,
    onSuccess: (result, searched) => {
      queryClient.setQueryData(searchKey(searched), result);
      if (open.current) onSearched(searched);
    },
    onError: (error) => {
      // A 429 (or other refusal) carries the server's own text, e.g. 'Too many book searches...'.
      const text = errorText(error, messages.bingo.searchFailed);
      notifyError(text, `search:${text}`);
    },
  });

  // Back from the book page after the kept answer was dropped: ask again, once.
  const { mutate } = search;
  const mustRestore = searchedTerm !== '' && !restored;
  useEffect(() => {
    if (mustRestore) mutate(searchedTerm);
    // Only on opening: later searches are the reader's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = searchTerm.safeParse(term);
    if (!parsed.success) {
      setTermError(parsed.error.issues[0]?.message ?? messages.book.searchTermRequired);
      return;
    }
    setTermError(null);
    search.mutate(parsed.data);
  }

  const books = search.isIdle ? restored?.books : search.data?.books;
  // While a search runs the spinner speaks; the count is said once the answer is in.
  const status = books && !search.isPending ? resultCountText(books.length) : '';
  // The address catches up with a search a tick later: name the term shown, not the address's.
  const shownTerm = search.isIdle ? searchedTerm : (search.variables ?? searchedTerm);
  const backTo = addressOf(shownTerm);

  return (
    <Modal title={cell.challenge} onClose={onClose}>
      {cell.placement ? (
        <section className="square-sheet__book" aria-label={messages.bingo.onThisSquare}>
          <SquareBook placement={cell.placement} />
        </section>
      ) : null}
      <form className="book-search" role="search" noValidate onSubmit={handleSubmit}>
        <TextField
          className="book-search__field"
          label="Search for a book"
          type="search"
          name="q"
          autoComplete="off"
          enterKeyHint="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={search.isPending}>
          Search
        </button>
      </form>
      {termError ? <FormMessage kind="error">{termError}</FormMessage> : null}
      <p className="book-search__status" role="status" aria-live="polite">
        {books && books.length === 0 ? <span className="empty">{status}</span> : status}
      </p>
      {search.isPending ? <Spinner label="Searching for books..." /> : null}
      {/* Issue 11: before anything is searched, the books that fit this square. */}
      {books === undefined && !search.isPending ? (
        <SquareSuggestions cellId={cell.id} disabled={isPlacing} onChoose={onChoose} />
      ) : null}
      {/* Issue 25: what other readers placed here (registered readers only, as the server). */}
      {books === undefined && !search.isPending && user && !isGuest(user) ? (
        <PopularBooks cellId={cell.id} disabled={isPlacing} onChoose={onChoose} />
      ) : null}
      {books && books.length > 0 ? (
        <ul className="search-results" aria-label="Search results">
          {books.map((book, index) => (
            <li className="search-result" key={book.isbn ?? `${book.title}-${index}`}>
              <BookCover
                coverUrl={book.coverUrl}
                title={book.title}
                isbn={book.isbn}
                size="small"
              />
              <div className="search-result__text">
                <p className="search-result__title">{book.title}</p>
                <p className="search-result__authors">{book.authors || messages.book.unknown}</p>
                {book.isbn ? null : (
                  <p className="search-result__hint" id={`${noIsbnHintId}-${index}`}>
                    {messages.bingo.invalidIsbn}
                  </p>
                )}
              </div>
              <div className="search-result__actions">
                {book.isbn ? (
                  <Link
                    className="button button--secondary button--small"
                    to={`/book/${encodeURIComponent(book.isbn)}`}
                    state={{ backTo }}
                    aria-label={`View Book: ${book.title}`}
                  >
                    View Book
                  </Link>
                ) : null}
                <ChooseButton
                  book={book}
                  disabled={isPlacing}
                  hintId={book.isbn ? undefined : `${noIsbnHintId}-${index}`}
                  onChoose={onChoose}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </Modal>
  );
}

interface ChooseButtonProps {
  book: BookSummary;
  disabled: boolean;
  hintId: string | undefined;
  onChoose: SearchModalProps['onChoose'];
}

function ChooseButton({ book, disabled, hintId, onChoose }: ChooseButtonProps) {
  const { isbn } = book;
  return (
    <button
      type="button"
      className="button button--primary button--small"
      aria-label={`Choose ${book.title}`}
      aria-describedby={hintId}
      disabled={disabled || !isbn}
      onClick={() => {
        if (isbn) onChoose({ ...book, isbn });
      }}
    >
      Choose
    </button>
  );
}
