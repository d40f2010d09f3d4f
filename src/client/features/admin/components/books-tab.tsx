import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { messages } from '../../../../lib/messages';
import { BookCover } from '../../../components/book-cover';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { confirmBook, listUnconfirmedBooks, rejectBook } from '../api/admin-api';
import { formatDay } from '../format';
import { useAdminAction } from '../hooks/use-admin-action';
import { MoreButton } from './more-button';

const text = messages.adminPage;
const BOOKS_KEY = ['admin', 'books', 'unconfirmed'] as const;

/** Issue 8 and 23: books only a reader's import knows, confirmed or rejected by an admin. */
export function BooksTab() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const books = useInfiniteQuery({
    queryKey: BOOKS_KEY,
    queryFn: ({ pageParam }) => listUnconfirmedBooks(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  // The decided book leaves the list: the focus waits on the list's heading.
  const action = useAdminAction([BOOKS_KEY]);
  const focusHeading = () => headingRef.current?.focus();

  let body;
  if (books.isPending) body = <Spinner label={text.loadingBooks} showLabel />;
  else if (books.isError) body = <LoadError error={books.error} fallback={text.loadFailed} />;
  else {
    const list = books.data.pages.flatMap((page) => page.books);
    body =
      list.length === 0 ? (
        <p className="empty">{text.noBooks}</p>
      ) : (
        <>
          <ul className="admin-cards" aria-labelledby={headingId}>
            {list.map((book) => (
              <li key={book.isbn} className="admin-card admin-card--book">
                <BookCover coverUrl={book.coverUrl} title={book.title} isbn={book.isbn} />
                <div>
                  <h3 className="admin-card__title">{book.title}</h3>
                  <p className="admin-card__sub">
                    {book.authors} · ISBN {book.isbn}
                  </p>
                  <p className="admin-card__sub">
                    {text.bookReaders(book.readers)} · {formatDay(book.addedAt)}
                  </p>
                  <div className="admin-card__actions">
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={action.busy !== null}
                      onClick={() =>
                        void action.run(
                          `confirm:${book.isbn}`,
                          () => confirmBook(book.isbn),
                          focusHeading,
                        )
                      }
                    >
                      {text.confirmBook(book.title)}
                    </button>
                    <button
                      type="button"
                      className="button button--danger"
                      disabled={action.busy !== null}
                      onClick={() =>
                        void action.run(
                          `reject:${book.isbn}`,
                          () => rejectBook(book.isbn),
                          focusHeading,
                        )
                      }
                    >
                      {text.rejectBook(book.title)}
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <MoreButton query={books} />
        </>
      );
  }

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {text.booksHeading}
      </h2>
      {body}
    </section>
  );
}
