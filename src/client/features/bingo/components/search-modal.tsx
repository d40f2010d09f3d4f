import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import { BookSearchQuery, type BookSummary } from '../../../../lib/schemas/books';
import { notifyError } from '../../../app/notify';
import { BookCover } from '../../../components/book-cover';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { resultCountText } from '../../../components/result-count-text';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../services/api-client';
import { searchBooks } from '../api/search-api';

const searchTerm = BookSearchQuery.shape.q;

interface SearchModalProps {
  /** The square's challenge: the modal's title. */
  challenge: string;
  onClose: () => void;
  /** Places the chosen book; the modal stays open until the placement has been decided. */
  onChoose: (book: BookSummary & { isbn: string }) => void;
  isPlacing: boolean;
}

/**
 * The book search of a square (SPEC.md section 2): a labelled search box (Enter or Search),
 * results with cover, title, authors, View Book and Choose, and the empty message.
 */
export function SearchModal({ challenge, onClose, onChoose, isPlacing }: SearchModalProps) {
  const [term, setTerm] = useState('');
  const [termError, setTermError] = useState<string | null>(null);
  const noIsbnHintId = useId();

  const search = useMutation({
    mutationFn: searchBooks,
    onError: (error) => {
      // A 429 (or other refusal) carries the server's own text, e.g. 'Too many book searches...'.
      const text = errorText(error, messages.bingo.searchFailed);
      notifyError(text, `search:${text}`);
    },
  });

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

  const books = search.data?.books;
  // While a search runs the spinner speaks; the count is said once the answer is in.
  const status = books && !search.isPending ? resultCountText(books.length) : '';

  return (
    <Modal title={challenge} onClose={onClose}>
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
