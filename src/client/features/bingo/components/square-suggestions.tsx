import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { SuggestionSource } from '../../../../lib/schemas/suggestions';
import { BookCover } from '../../../components/book-cover';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { isGuest } from '../../../services/session-api';
import { fetchSquareSuggestions, suggestionsQueryKey } from '../api/suggestions-api';
import type { ChosenBook } from './search-modal';
import '../suggestions.css';

const SOURCE_TEXT: Record<SuggestionSource, string> = {
  wantToRead: messages.fit.fromWantToRead,
  finished: messages.fit.fromFinished,
  catalogue: messages.fit.fromCatalogue,
};

/** The profile with its Edit Profile dialog open, where the birth year and first name are set. */
export const EDIT_PROFILE_PATH = '/profile?edit=profile';

/** A catalogue phrase ("add your birth year ...") said on its own, as a sentence. */
function asSentence(phrase: string): string {
  const text = phrase.charAt(0).toUpperCase() + phrase.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

interface SquareSuggestionsProps {
  cellId: string;
  disabled: boolean;
  /** Places a book as the search results' Choose does (wildcard confirmation included). */
  onChoose: (book: ChosenBook) => void;
}

/**
 * "Books that fit" a square (issue 11), shown in its sheet before anything is typed: the
 * reader's want-to-read first, then finished books not yet placed, then the catalogue, each
 * with why it fits ("96 pages: under 100"). A free-text square shows nothing.
 */
export function SquareSuggestions({ cellId, disabled, onChoose }: SquareSuggestionsProps) {
  const headingId = useId();
  const { user } = useCurrentUser();
  const query = useQuery({
    queryKey: suggestionsQueryKey(cellId),
    queryFn: () => fetchSquareSuggestions(cellId),
  });
  if (query.isPending) return <Spinner label={messages.fit.suggestionsTitle} />;
  if (query.isError) return <p className="empty">{messages.fit.loadFailed}</p>;
  const square = query.data.squares[0];
  if (!square?.checkable) return null;
  return (
    <section className="suggestions" aria-labelledby={headingId}>
      <h3 id={headingId} className="suggestions__title">
        {messages.fit.suggestionsTitle}
        {square.points > 0 ? (
          <span className="suggestions__points">{messages.fit.unlocks(square.points)}</span>
        ) : null}
      </h3>
      {/* Issue 12: a square that reads a fact the reader has not set says so, not "try a search". */}
      {square.hint ? (
        <p className="suggestions__hint">
          {asSentence(square.hint)}{' '}
          {user && !isGuest(user) ? (
            <Link to={EDIT_PROFILE_PATH}>{messages.fit.editProfile}</Link>
          ) : null}
        </p>
      ) : null}
      {square.suggestions.length === 0 ? (
        square.hint ? null : (
          <p className="empty">{messages.fit.noSuggestions}</p>
        )
      ) : (
        <ul className="suggestions__list">
          {square.suggestions.map((book) => (
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
                <p className="suggestion__reason">{book.reason}</p>
                <p className="suggestion__source">{SOURCE_TEXT[book.source]}</p>
              </div>
              <button
                type="button"
                className="button button--primary button--small"
                aria-label={`${messages.fit.place} ${book.title}`}
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
                {messages.fit.place}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
