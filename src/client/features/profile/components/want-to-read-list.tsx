import { messages } from '../../../../lib/messages';
import type { WantToReadBook } from '../../../../lib/schemas/library';
import { BookRow } from './book-row';

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
        <BookRow
          key={book.isbn}
          book={book}
          actions={
            onRemove ? (
              <button
                type="button"
                className="button button--small button--secondary"
                aria-label={`Remove ${book.title} from your want to read list`}
                disabled={removingIsbn === book.isbn}
                onClick={() => onRemove(book)}
              >
                Remove
              </button>
            ) : null
          }
        >
          <span className="book-row__author">{book.author ?? messages.book.unknown}</span>
        </BookRow>
      ))}
    </ul>
  );
}
