import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { BookDetails } from '../../../../lib/schemas/books';
import { notifyError, notifyInfo, notifySuccess } from '../../../app/notify';
import { BookCover } from '../../../components/book-cover';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { ApiError, errorText } from '../../../services/api-client';
import { OWN_PROFILE_KEY } from '../../../services/query-keys';
import { addToWantToRead, bookQueryOptions } from '../api/book-api';

const { unknown } = messages.book;

/** A field's text, or 'Unknown' (SPEC.md section 2: every detail defaults to it). */
function orUnknown(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return unknown;
  const text = String(value).trim();
  return text === '' ? unknown : text;
}

/** ISO language codes in the reader's words ('en' -> 'English'); anything else as given. */
function languageName(code: string | null): string {
  if (!code) return unknown;
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function detailRows(book: BookDetails): [string, string][] {
  return [
    ['Authors', orUnknown(book.authors)],
    ['Published', orUnknown(book.publishedDate)],
    ['Publisher', orUnknown(book.publisher)],
    ['Pages', orUnknown(book.pageCount)],
    ['Categories', orUnknown(book.categories.join(', '))],
    ['Language', languageName(book.language)],
  ];
}

function WantToReadButton({ isbn }: { isbn: string }) {
  const [isListed, setIsListed] = useState(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => addToWantToRead(isbn),
    onSuccess: (result) => {
      notifySuccess(result.message);
      setIsListed(true);
      void queryClient.invalidateQueries({ queryKey: OWN_PROFILE_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        // 'This book is already in your want to read list': news, not a failure.
        notifyInfo(error.message);
        setIsListed(true);
        return;
      }
      notifyError(errorText(error, messages.wantToRead.addFailed));
    },
  });
  const adding = useSubmitGuard();
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={adding.pending || mutation.isPending || isListed}
      onClick={() => void adding.run(() => mutation.mutateAsync())}
    >
      {isListed ? 'On your Want to Read list' : 'Add to Want to Read'}
    </button>
  );
}

function BookView({ book }: { book: BookDetails }) {
  return (
    <article className="book-details">
      <div className="book-details__cover">
        <BookCover coverUrl={book.coverUrl} title={book.title} isbn={book.isbn} size="large" />
      </div>
      <div className="book-details__text">
        <h1 className="book-details__title">{book.title}</h1>
        <dl className="book-details__facts">
          {detailRows(book).map(([term, value]) => (
            <div className="book-details__fact" key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <WantToReadButton isbn={book.isbn} />
        <h2>Description</h2>
        <p className="book-details__description">{orUnknown(book.description)}</p>
      </div>
    </article>
  );
}

/** Where View Book came from: a square's search on the bingo page, to go back to. */
function searchToReturnTo(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('backTo' in state)) return null;
  const { backTo } = state;
  return typeof backTo === 'string' && backTo.startsWith('/bingo') ? backTo : null;
}

/** Book details (`/book/:isbn`, SPEC.md section 2), with 'Add to Want to Read'. */
export function BookPage() {
  const { isbn = '' } = useParams();
  const backTo = searchToReturnTo(useLocation().state);
  const book = useQuery(bookQueryOptions(isbn));
  useDocumentTitle(book.data?.book.title ?? 'Book');

  let body;
  if (book.isPending) {
    body = <Spinner label="Loading book..." showLabel />;
  } else if (book.isError) {
    const notFound = book.error instanceof ApiError && book.error.status === 404;
    body = notFound ? (
      <>
        <h1>{messages.book.notFound}</h1>
        <p>
          <Link to="/bingo">{messages.recommendations.backToBingo}</Link>
        </p>
      </>
    ) : (
      <>
        <h1>Book</h1>
        <div className="page-problem">
          <p className="form-message form-message--error" role="alert">
            {errorText(book.error, messages.generic.serverError)}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void book.refetch()}
          >
            Try again
          </button>
        </div>
      </>
    );
  } else {
    body = <BookView book={book.data.book} />;
  }

  return (
    <div className="page">
      {backTo ? (
        <p className="book-page__back">
          <Link to={backTo}>{messages.book.backToSearch}</Link>
        </p>
      ) : null}
      {body}
    </div>
  );
}
