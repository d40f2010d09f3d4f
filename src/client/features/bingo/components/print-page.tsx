import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { BingoCardResponse, BingoCell } from '../../../../lib/schemas/bingo';
import { printAddressOf, type PrintViewState } from '../../../components/print-card-links';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { APP_NAME, useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../services/api-client';
import { isGuest } from '../../../services/session-api';
import { cardQueryOptions } from '../api/card-api';
import { RuleMetIcon } from './bingo-grid';
import { WildcardIcon } from './wildcard-icon';
import '../print-card.css';

const t = messages.printCard;

/**
 * The class on <html> while the print view is open: the print stylesheet hides the app's chrome
 * (header, menu, footer, toasts, buttons) only then, so printing any other page is left as it was.
 */
export const PRINT_VIEW_CLASS = 'print-view-open';

function usePrintViewClass() {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add(PRINT_VIEW_CLASS);
    return () => root.classList.remove(PRINT_VIEW_CLASS);
  }, []);
}

/**
 * Asks the browser to print once the card is on the page, when the print view was opened by one
 * of the Print links (PrintCardLinks). The request is then taken out of the history entry, so a
 * reload or Back does not open the dialog again. The ref keeps it to once under StrictMode too.
 */
function useAutoPrint(ready: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const printed = useRef(false);
  const wanted = (location.state as PrintViewState | null)?.print === true;
  const { pathname, search } = location;
  useEffect(() => {
    if (!ready || !wanted || printed.current) return;
    // After this commit, so the document's title (the PDF's suggested name) is already the card's.
    const timer = window.setTimeout(() => {
      printed.current = true;
      window.print();
      void navigate({ pathname, search }, { replace: true, state: null });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [ready, wanted, navigate, pathname, search]);
}

/** A line to write a book's title on, for a square without one. */
function WriteLine({ filled }: { filled: boolean }) {
  return (
    <>
      {filled ? <span className="visually-hidden">{t.notFilled}</span> : null}
      <span className="print-square__write" aria-hidden="true">
        {t.book}
      </span>
    </>
  );
}

function PrintSquare({ cell, filled }: { cell: BingoCell; filled: boolean }) {
  const placement = filled ? cell.placement : null;
  return (
    <li className="print-square">
      <span className="print-square__number">{t.square(cell.position)}</span>
      <span className="print-square__challenge">{cell.challenge}</span>
      {placement ? (
        <span className="print-square__book">
          <span className="print-square__book-label">{t.book}</span>{' '}
          <span className="print-square__title">{placement.bookTitle}</span>
          {/* Marks are words beside their icon: nothing on the sheet depends on colour. */}
          {placement.isWildcard ? (
            <span className="print-square__mark">
              <WildcardIcon /> {t.wildcard}
            </span>
          ) : null}
          {placement.ruleMet ? (
            <span className="print-square__mark">
              <RuleMetIcon /> {t.ruleMet}
            </span>
          ) : null}
        </span>
      ) : (
        <WriteLine filled={filled} />
      )}
    </li>
  );
}

/** The sheet itself: the card's name, whose card it is, and the 4x4 squares in card order. */
function PrintSheet({
  card,
  filled,
  username,
}: {
  card: BingoCardResponse;
  filled: boolean;
  username: string | null;
}) {
  const { grid } = card;
  const club = grid.club ?? null;
  const cells = [...card.cells].sort((a, b) => a.position - b.position);
  const filledCount = cells.filter((cell) => cell.placement).length;
  const meta = filled
    ? [username ? t.cardOf(username) : null, t.filledCount(filledCount, cells.length)]
        .filter(Boolean)
        .join(' · ')
    : t.blankHint;
  return (
    <article className="print-sheet">
      <header className="print-sheet__header">
        <h1
          className="print-sheet__title"
          aria-label={club ? `${club.name}: ${grid.title}` : undefined}
        >
          {club ? <span className="print-sheet__club">{club.name}</span> : null}
          {grid.title}
        </h1>
        <p className="print-sheet__meta">{meta}</p>
      </header>
      <ol className="print-card" aria-label={t.squares}>
        {cells.map((cell) => (
          <PrintSquare key={cell.id} cell={cell} filled={filled} />
        ))}
      </ol>
      <footer className="print-sheet__footer">{APP_NAME}</footer>
    </article>
  );
}

/**
 * Issue 24: a card as a clean A4 or Letter page, blank (challenges only, for a classroom wall) or
 * the reader's own (?filled=1, their books on the squares). It reads the card the reader already
 * sees (GET /api/bingo/grids/:gridId), so it shows nothing they could not see on /bingo. On screen
 * a preview with Print and a switch between the two; on paper only the sheet (print-card.css).
 */
export function PrintPage() {
  const { gridId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const filled = searchParams.get('filled') === '1';
  const { user } = useCurrentUser();
  const guest = user !== null && isGuest(user);
  const card = useQuery(cardQueryOptions(gridId, true));
  usePrintViewClass();
  useAutoPrint(card.isSuccess);
  useDocumentTitle(card.data ? t.pageTitle(card.data.grid.title) : t.print);

  let body;
  if (card.isPending) {
    body = <Spinner label={t.loading} showLabel />;
  } else if (card.isError) {
    const notFound = card.error instanceof ApiError && card.error.status === 404;
    body = (
      <>
        <h1>{t.print}</h1>
        <div className="page-problem">
          <p className="form-message form-message--error" role="alert">
            {notFound ? messages.bingo.gridNotFound : t.loadFailed}
          </p>
          {notFound ? null : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void card.refetch()}
            >
              {t.retry}
            </button>
          )}
        </div>
      </>
    );
  } else {
    body = <PrintSheet card={card.data} filled={filled} username={user?.username ?? null} />;
  }

  return (
    <div className="page print-page">
      <div className="print-toolbar">
        <button
          type="button"
          className="button button--primary"
          disabled={!card.isSuccess}
          onClick={() => window.print()}
        >
          {t.print}
        </button>
        {guest ? null : (
          <div className="print-toolbar__views" role="group" aria-label={t.views}>
            <Link
              to={printAddressOf(gridId, false)}
              replace
              className="print-toolbar__view"
              aria-current={filled ? undefined : 'page'}
            >
              {t.blankView}
            </Link>
            <Link
              to={printAddressOf(gridId, true)}
              replace
              className="print-toolbar__view"
              aria-current={filled ? 'page' : undefined}
            >
              {t.filledView}
            </Link>
          </div>
        )}
        <Link to={`/bingo?grid=${encodeURIComponent(gridId)}`} className="print-toolbar__back">
          {t.backToCard}
        </Link>
        <p className="note print-toolbar__note">{t.howToPrint}</p>
      </div>
      {body}
    </div>
  );
}
