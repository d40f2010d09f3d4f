import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { WantToReadBook } from '../../../../lib/schemas/library';
import { BookCover } from '../../../components/book-cover';

interface WantToReadListProps {
  books: readonly WantToReadBook[];
  /** Omit on a friend's profile: their list is read-only. */
  onRemove?: (book: WantToReadBook) => void;
  removingIsbn?: string | null;
}

/** Cover, title and author of each book, linking to its book page (/book/{isbn}). */
export function WantToReadList({ books, onRemove, removingIsbn = null }: WantToReadListProps) {
  return (
    <ul className="book-list">
      {books.map((book) => (
        <li key={book.isbn} className="book-row">
          <BookCover coverUrl={book.coverUrl} title={book.title} isbn={book.isbn} size="small" />
          <div className="book-row__text">
            <Link to={`/book/${encodeURIComponent(book.isbn)}`} className="book-row__title">
              {book.title}
            </Link>
            <span className="book-row__author">{book.author ?? messages.book.unknown}</span>
          </div>
          {onRemove ? (
            <button
              type="button"
              className="button button--small button--secondary"
              aria-label={`Remove ${book.title} from your want to read list`}
              disabled={removingIsbn === book.isbn}
              onClick={() => onRemove(book)}
            >
              Remove
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
