import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BookCover } from '../../../components/book-cover';

interface BookRowProps {
  book: { isbn: string; title: string; coverUrl: string };
  /** Under the title: the author, a rating. */
  children?: ReactNode;
  /** After the text: the row's buttons. */
  actions?: ReactNode;
}

/** One book of a profile list: its cover and its title, linking to its book page (/book/{isbn}). */
export function BookRow({ book, children, actions }: BookRowProps) {
  return (
    <li className="book-row">
      <BookCover coverUrl={book.coverUrl} title={book.title} isbn={book.isbn} size="small" />
      <div className="book-row__text">
        <Link to={`/book/${encodeURIComponent(book.isbn)}`} className="book-row__title">
          {book.title}
        </Link>
        {children}
      </div>
      {actions}
    </li>
  );
}
