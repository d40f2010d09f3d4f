import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { messages } from '../../../../lib/messages';
import { BookCover } from '../../../components/book-cover';
import { Spinner } from '../../../components/spinner';
import { fetchPopularBooks, popularQueryKey } from '../api/popular-api';
import type { ChosenBook } from './search-modal';
import '../suggestions.css';

interface PopularBooksProps {
  cellId: string;
  disabled: boolean;
  /** Places a book as the suggestions' Place does (wildcard confirmation included). */
  onChoose: (book: ChosenBook) => void;
}

/**
 * "What others read for this square" (issue 25, decision 029): the books other readers placed
 * here, most used first, each with how many readers chose it; only counts, never names, and a
 * book only once 3 readers who show their profile used it. One tap places it.
 */
export function PopularBooks({ cellId, disabled, onChoose }: PopularBooksProps) {
  const headingId = useId();
  const query = useQuery({
    queryKey: popularQueryKey(cellId),
    queryFn: () => fetchPopularBooks(cellId),
  });
  if (query.isPending) return <Spinner label={messages.popularBooks.loading} />;
  if (query.isError) return <p className="empty">{messages.popularBooks.loadFailed}</p>;
  const { books } = query.data;
  return (
    <section className="suggestions popular-books" aria-labelledby={headingId}>
      <h3 id={headingId} className="suggestions__title">
        {messages.popularBooks.title}
      </h3>
      {books.length === 0 ? (
        <p className="empty">{messages.popularBooks.empty}</p>
      ) : (
        <ol className="suggestions__list">
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
                <p className="suggestion__authors">{book.authors}</p>
                <p className="suggestion__reason">{messages.popularBooks.usedBy(book.readers)}</p>
              </div>
              <button
                type="button"
                className="button button--primary button--small"
                aria-label={messages.popularBooks.placeLabel(book.title)}
                disabled={disabled}
                onClick={() =>
                  onChoose({
                    isbn: book.isbn,
                    title: book.title,
                    authors: book.authors,
                    coverUrl: book.coverUrl,
                    genre: '',
                    publishedDate: null,
                  })
                }
              >
                {messages.popularBooks.place}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
