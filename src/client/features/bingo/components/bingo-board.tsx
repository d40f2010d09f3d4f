import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { normalizeIsbn } from '../../../../lib/isbn';
import { messages } from '../../../../lib/messages';
import { decidePlacement } from '../../../../lib/placement-rules';
import type { GridSummary } from '../../../../lib/schemas/admin';
import type { BingoCardResponse, BingoCell, PlaceBookBody } from '../../../../lib/schemas/bingo';
import { notifyError, notifySuccess, notifySuccessInGroup } from '../../../app/notify';
import { bookToastGroup } from '../book-toast-group';
import { Modal } from '../../../components/modal';
import { PrintCardLinks } from '../../../components/print-card-links';
import { seasonAddressOf } from '../../season/api/season-api';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { useOnline } from '../../../offline/use-online';
import {
  attachReview,
  enqueuePlacement,
  removeQueued,
  type QueuedPlacement,
} from '../../../offline/placement-queue';
import { usePlacementQueue, useSendingKey } from '../../../offline/use-placement-queue';
import { ApiError, errorText } from '../../../services/api-client';
import { isGuest } from '../../../services/session-api';
import {
  cardQueryKey,
  cardQueryOptions,
  placeBook,
  resetGrid,
  resetMomentOf,
  writeCachedClubPoints,
  writeCachedPlacement,
  writeCachedPoints,
} from '../api/card-api';
import { LEADERBOARD_QUERY_ROOT } from '../api/leaderboard-api';
import { FITTING_BOOKS_QUERY_KEY, fetchFit } from '../api/suggestions-api';
import { BingoGrid, type PendingSquare } from './bingo-grid';
import { OfflinePlaceSheet, type KnownBook } from './offline-place-sheet';
import { DaysLeftBadge } from './days-left-badge';
import { FittingBooksBanner } from './fitting-books-banner';
import { GridSelector } from './grid-selector';
import { LeaderboardModal } from './leaderboard-modal';
import { PointsCounter } from './points-counter';
import { ResetGridModal } from './reset-grid-modal';
import { ReviewModal, SearchModal } from './board-parts';
import type { ReviewedBook } from './review-modal';
import type { ChosenBook } from './search-modal';
import { ShareCard } from './share-card';
import { SquareDetailsModal } from './square-book';

/** The open square's sheet lives in the address, so Back from View Book reopens it. */
const SQUARE_PARAM = 'square';
const TERM_PARAM = 'q';

/** Whether the book would be the grid's wildcard, by the server's own rule (placement-rules). */
function usesWildcard(cells: readonly BingoCell[], target: BingoCell, isbn: string): boolean {
  const key = normalizeIsbn(isbn) ?? isbn;
  const others = cells.filter((cell) => cell.id !== target.id);
  const uses = others.flatMap((cell) =>
    cell.placement && (normalizeIsbn(cell.placement.bookIsbn) ?? cell.placement.bookIsbn) === key
      ? [{ position: cell.position, isWildcard: cell.placement.isWildcard }]
      : [],
  );
  const wildcardTaken = others.some((cell) => cell.placement?.isWildcard === true);
  const decision = decidePlacement(uses, wildcardTaken);
  return decision.ok && decision.isWildcard;
}

/**
 * Issue 26: the card as it will be once the placements waiting to be sent are in, each in turn
 * (the wildcard worked out as the server will), and what each waiting or refused square says.
 */
function withQueued(
  cells: readonly BingoCell[],
  gridId: string,
  queue: readonly QueuedPlacement[],
  sendingKey: string | null = null,
): { cells: BingoCell[]; pending: Map<string, PendingSquare> } {
  let shown = [...cells];
  const pending = new Map<string, PendingSquare>();
  let position = 0;
  for (const item of queue) {
    if (item.refusal) {
      if (item.gridId === gridId) {
        pending.set(item.cellId, {
          text: messages.offlineQueue.refused(item.refusal),
          refused: true,
        });
      }
      continue;
    }
    position += 1;
    if (item.gridId !== gridId) continue;
    const target = shown.find((cell) => cell.id === item.cellId);
    if (!target) continue;
    const isWildcard = usesWildcard(shown, target, item.book.isbn);
    shown = shown.map((cell) =>
      cell.id === item.cellId
        ? {
            ...cell,
            placement: {
              bookIsbn: item.book.isbn,
              bookTitle: item.book.title,
              coverUrl: item.book.coverUrl,
              isWildcard,
              points: 0,
              ruleMet: null,
            },
          }
        : cell,
    );
    pending.set(item.cellId, {
      text:
        item.key === sendingKey
          ? messages.offlineQueue.sending
          : messages.offlineQueue.waiting(position),
      refused: false,
    });
  }
  return { cells: shown, pending };
}

type OpenModal =
  | { kind: 'none' }
  | { kind: 'wildcard'; cell: BingoCell; book: ChosenBook; queue?: boolean }
  | { kind: 'rule'; cell: BingoCell; book: ChosenBook; warning: string }
  | { kind: 'review'; book: ReviewedBook; queuedKey?: string }
  | { kind: 'reset' }
  | { kind: 'leaderboard' };

const NO_MODAL: OpenModal = { kind: 'none' };

interface BingoBoardProps {
  grids: readonly GridSummary[];
  gridId: string;
  onSelectGrid: (gridId: string) => void;
}

/** One grid's card: selector, title, points, days left, the 4x4 grid, its actions and modals. */
export function BingoBoard({ grids, gridId, onSelectGrid }: BingoBoardProps) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const offlineReasonId = useId();
  const online = useOnline();
  const listed = grids.find((grid) => grid.id === gridId);
  const card = useQuery(cardQueryOptions(gridId, listed?.isCurrent ?? false));
  const [modal, setModal] = useState<OpenModal>(NO_MODAL);
  const closeModal = () => setModal(NO_MODAL);
  const [searchParams, setSearchParams] = useSearchParams();
  const openSquareId = searchParams.get(SQUARE_PARAM);
  const searchedTerm = searchParams.get(TERM_PARAM) ?? '';
  const { user } = useCurrentUser();
  const guest = user !== null && isGuest(user);
  const queue = usePlacementQueue(user && !guest ? user.id : null);
  const sendingKey = useSendingKey(user && !guest ? user.id : null);
  const placing = useSubmitGuard();
  const resetting = useSubmitGuard();

  /** The bingo page's address with a square's sheet open on a term. */
  function squareAddress(cellId: string, term: string): string {
    const next = new URLSearchParams(searchParams);
    next.set(SQUARE_PARAM, cellId);
    if (term) next.set(TERM_PARAM, term);
    else next.delete(TERM_PARAM);
    return `/bingo?${next.toString()}`;
  }

  /** Opens a square's sheet (with the term searched there), or closes it with null. */
  function showSquare(cellId: string | null, term = '') {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (cellId) next.set(SQUARE_PARAM, cellId);
        else next.delete(SQUARE_PARAM);
        if (cellId && term) next.set(TERM_PARAM, term);
        else next.delete(TERM_PARAM);
        return next;
      },
      { replace: true },
    );
  }

  /** A club card's total is the reader's club points (issue 12); the shared card's is theirs. */
  function writeTotal(totalPoints: number) {
    const cached = queryClient.getQueryData<BingoCardResponse>(cardQueryKey(gridId));
    const club = cached?.grid.club ?? listed?.club;
    if (club) writeCachedClubPoints(queryClient, club.id, totalPoints);
    else writeCachedPoints(queryClient, totalPoints);
  }

  function refreshAfterChange() {
    void queryClient.invalidateQueries({ queryKey: cardQueryKey(gridId) });
    void queryClient.invalidateQueries({ queryKey: LEADERBOARD_QUERY_ROOT });
  }

  const placement = useMutation({
    mutationFn: (body: PlaceBookBody) => placeBook(body),
    onSuccess: (result) => {
      const placed = result.placement;
      // The review offered next joins this toast if it is posted while the points are shown.
      notifySuccessInGroup(bookToastGroup(placed.bookIsbn), result.message);
      writeCachedPlacement(queryClient, gridId, placed.cellId, {
        bookIsbn: placed.bookIsbn,
        bookTitle: placed.bookTitle,
        coverUrl: placed.coverUrl,
        isWildcard: placed.isWildcard,
        points: placed.points,
        ruleMet: placed.ruleMet ?? null,
      });
      void queryClient.invalidateQueries({ queryKey: FITTING_BOOKS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['bingo', 'suggestions'] });
      writeTotal(result.totalPoints);
      refreshAfterChange();
      showSquare(null);
      // A review is offered for a book the square did not hold before, never for a refusal.
      // The server says which (issue 22): the cached card may already hold the book, refetched
      // by the live update that this placement's points sent before its answer arrived.
      setModal(
        result.outcome === 'unchanged'
          ? NO_MODAL
          : {
              kind: 'review',
              book: { isbn: placed.bookIsbn, title: placed.bookTitle, coverUrl: placed.coverUrl },
            },
      );
    },
    onError: (error) => notifyError(errorText(error, messages.bingo.saveBookFailed)),
  });

  const reset = useMutation({
    mutationFn: resetGrid,
    onSuccess: (result) => {
      notifySuccess(result.message);
      queryClient.setQueryData<BingoCardResponse>(cardQueryKey(gridId), (old) =>
        old ? { ...old, cells: old.cells.map((cell) => ({ ...cell, placement: null })) } : old,
      );
      writeTotal(result.totalPoints);
      refreshAfterChange();
      closeModal();
    },
    onError: (error) => {
      notifyError(errorText(error, messages.generic.actionFailed));
      closeModal();
    },
  });

  const selector = <GridSelector grids={grids} selectedId={gridId} onSelect={onSelectGrid} />;

  if (card.isPending) {
    return (
      <>
        {selector}
        <Spinner label="Loading your card..." showLabel />
      </>
    );
  }
  if (card.isError) {
    const notFound = card.error instanceof ApiError && card.error.status === 404;
    return (
      <>
        {selector}
        <div className="page-problem">
          <p className="form-message form-message--error" role="alert">
            {notFound ? messages.bingo.gridNotFound : messages.bingo.loadPointsFailed}
          </p>
          {notFound ? null : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void card.refetch()}
            >
              Try again
            </button>
          )}
        </div>
      </>
    );
  }

  const { grid, points } = card.data;
  const isPast = !grid.isCurrent;
  // Issue 26: offline, the card is shown as last seen; a reader (not a guest) may still place
  // books this device knows, which wait on the card until the network is back.
  const offline = !online;
  const placesOffline = offline && !isPast && !guest && user !== null;
  const squaresReadOnly = isPast || (offline && !placesOffline);
  const { cells, pending } = withQueued(card.data.cells, grid.id, queue, sendingKey);
  const refusals = queue.filter((item) => item.refusal && item.gridId === grid.id);
  // Issue 12: a club card has its own reset date, and its points are the reader's club points.
  const club = grid.club ?? listed?.club ?? null;
  const resetDate = resetMomentOf(card.data, listed);
  const openCell = cells.find((cell) => cell.id === openSquareId) ?? null;

  function handleActivate(cell: BingoCell) {
    setModal(NO_MODAL);
    showSquare(cell.id);
  }

  /** Choose: a second copy of a book asks before it spends the wildcard; one request at a time. */
  function handleChoose(cell: BingoCell, book: ChosenBook, ruleChecked = false) {
    void placing.run(async () => {
      // Issue 11: a book that fails the square's rule is warned about, never refused.
      if (!ruleChecked) {
        const fit = await fetchFit(cell.id, book.isbn).catch(() => null);
        if (fit?.status === 'fails' && fit.reason) {
          setModal({ kind: 'rule', cell, book, warning: fit.reason });
          return;
        }
      }
      if (usesWildcard(cells, cell, book.isbn)) {
        setModal({ kind: 'wildcard', cell, book });
        return;
      }
      await placement.mutateAsync({ cellId: cell.id, isbn: book.isbn });
    });
  }

  /** Offline: the placement waits on the card (after the wildcard question), then its review. */
  function queuePlacement(cell: BingoCell, book: KnownBook | ChosenBook) {
    if (!user) return;
    const item = enqueuePlacement(user.id, {
      gridId: grid.id,
      cellId: cell.id,
      book: { isbn: book.isbn, title: book.title, coverUrl: book.coverUrl },
      // What the square shows now (the waiting placements included): if another device
      // changes it meanwhile, the server refuses this one instead of replacing their book.
      replaces: cell.placement?.bookIsbn ?? null,
    });
    notifySuccess(messages.offlineQueue.queuedToast);
    showSquare(null);
    setModal({
      kind: 'review',
      book: { isbn: book.isbn, title: book.title, coverUrl: book.coverUrl },
      queuedKey: item.key,
    });
  }

  function handleChooseOffline(cell: BingoCell, book: KnownBook) {
    if (usesWildcard(cells, cell, book.isbn)) {
      const chosen: ChosenBook = { ...book, genre: '', publishedDate: null };
      setModal({ kind: 'wildcard', cell, book: chosen, queue: true });
      return;
    }
    queuePlacement(cell, book);
  }

  function handleUseWildcard(cell: BingoCell, book: ChosenBook) {
    void placing.run(async () => {
      try {
        await placement.mutateAsync({ cellId: cell.id, isbn: book.isbn });
      } finally {
        setModal((open) => (open.kind === 'wildcard' ? NO_MODAL : open));
      }
    });
  }

  return (
    <>
      {selector}
      <section className="bingo-board" aria-labelledby={titleId}>
        <div className="bingo-board__header">
          {/* A club card's name is read "Club name: Card title" (the club's name is a line of its
              own, which browsers would read with a space before the colon). */}
          <h2
            id={titleId}
            className="bingo-board__title"
            aria-label={club ? `${club.name}: ${grid.title}` : undefined}
          >
            {club ? <span className="bingo-board__club">{club.name}</span> : null}
            {grid.title}
          </h2>
          {isPast ? (
            <span className="badge badge--muted">{messages.bingo.pastChallenge}</span>
          ) : null}
        </div>
        {guest ? (
          <div className="guest-banner" role="note">
            <p className="guest-banner__title">{messages.bingo.guestBannerTitle}</p>
            <p className="guest-banner__text">{messages.bingo.guestBannerText}</p>
            <Link className="button button--primary guest-banner__link" to="/register">
              {messages.bingo.guestBannerLink}
            </Link>
          </div>
        ) : null}
        {isPast ? (
          <p className="note bingo-board__note">{messages.bingo.historicalGrid}</p>
        ) : (
          <div className="bingo-board__stats">
            <PointsCounter points={points} label={club ? messages.clubs.clubPoints : undefined} />
            {resetDate ? <DaysLeftBadge resetDate={resetDate} /> : null}
          </div>
        )}
        {/* The banner places finished books on the shared card: not offered on a club card. */}
        {isPast || guest || club || offline ? null : <FittingBooksBanner />}
        <BingoGrid
          cells={cells}
          readOnly={squaresReadOnly}
          onActivate={handleActivate}
          pending={pending}
        />
        {refusals.length > 0 ? (
          <ul className="bingo-board__refusals" aria-label={messages.offlineQueue.refusedTitle}>
            {refusals.map((item) => (
              <li key={item.key} className="bingo-board__refusal" role="alert">
                <span>
                  {`${cells.find((cell) => cell.id === item.cellId)?.challenge ?? ''}: `}
                  {messages.offlineQueue.refused(item.refusal ?? '')}
                </span>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  onClick={() => user && removeQueued(user.id, item.key)}
                >
                  {messages.offlineQueue.dismissRefusal}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="bingo-board__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={offline}
            aria-describedby={offline ? offlineReasonId : undefined}
            onClick={() => setModal({ kind: 'leaderboard' })}
          >
            View Leaderboard
          </button>
          {isPast || guest ? null : (
            <button
              type="button"
              className="button button--secondary"
              disabled={offline}
              aria-describedby={offline ? offlineReasonId : undefined}
              onClick={() => setModal({ kind: 'reset' })}
            >
              Reset Grid
            </button>
          )}
          {guest || offline ? null : <ShareCard gridId={grid.id} />}
          {/* Issue 24: the card on paper, blank or with the reader's books (not a guest's). */}
          <PrintCardLinks gridId={grid.id} title={grid.title} mine={!guest} />
          {/* Issue 25: the card's season statistics, for registered readers. */}
          {guest ? null : (
            <Link
              to={seasonAddressOf(grid.id)}
              className="button button--secondary"
              aria-label={messages.seasonStats.openSeasonOf(grid.title)}
            >
              {messages.seasonStats.openSeason}
            </Link>
          )}
          {offline ? (
            <p id={offlineReasonId} className="offline-reason">
              {messages.offline.needsNetwork}
            </p>
          ) : null}
        </div>
      </section>

      {openCell && squaresReadOnly ? (
        <SquareDetailsModal cell={openCell} onClose={() => showSquare(null)} />
      ) : null}
      {openCell && placesOffline && modal.kind !== 'review' ? (
        <OfflinePlaceSheet
          cell={openCell}
          onClose={() => showSquare(null)}
          onChoose={(book) => handleChooseOffline(openCell, book)}
        />
      ) : null}
      {/* The address lags a tick behind a placement: the review replaces the sheet at once. */}
      {openCell && !squaresReadOnly && !placesOffline && modal.kind !== 'review' ? (
        <SearchModal
          key={openCell.id}
          cell={openCell}
          searchedTerm={searchedTerm}
          onSearched={(term) => showSquare(openCell.id, term)}
          addressOf={(term) => squareAddress(openCell.id, term)}
          onClose={() => showSquare(null)}
          isPlacing={placing.pending || placement.isPending}
          onChoose={(book) => handleChoose(openCell, book)}
        />
      ) : null}
      {modal.kind === 'wildcard' ? (
        <AskBeforePlacing
          title={messages.bingo.wildcardConfirmTitle}
          text={messages.bingo.wildcardConfirmText(modal.book.title)}
          confirmLabel={messages.bingo.wildcardConfirm}
          isBusy={placing.pending}
          onCancel={closeModal}
          onConfirm={() => {
            if (modal.queue) queuePlacement(modal.cell, modal.book);
            else handleUseWildcard(modal.cell, modal.book);
          }}
        />
      ) : null}
      {modal.kind === 'rule' ? (
        <AskBeforePlacing
          title={modal.cell.challenge}
          text={modal.warning}
          confirmLabel={messages.fit.placeAnyway}
          onCancel={closeModal}
          onConfirm={() => {
            closeModal();
            handleChoose(modal.cell, modal.book, true);
          }}
        />
      ) : null}
      {modal.kind === 'review' ? (
        <ReviewModal
          book={modal.book}
          onClose={closeModal}
          onQueue={
            modal.queuedKey && user
              ? (review) => {
                  attachReview(user.id, modal.queuedKey!, review);
                  notifySuccess(messages.offlineQueue.reviewQueuedToast);
                }
              : undefined
          }
        />
      ) : null}
      {modal.kind === 'reset' ? (
        <ResetGridModal
          isResetting={resetting.pending || reset.isPending}
          onCancel={closeModal}
          onConfirm={() => void resetting.run(() => reset.mutateAsync(grid.id))}
        />
      ) : null}
      {modal.kind === 'leaderboard' ? <LeaderboardModal club={club} onClose={closeModal} /> : null}
    </>
  );
}

/** A question asked before a book is placed (the wildcard, a rule the book fails): Cancel or go on. */
function AskBeforePlacing(props: {
  title: string;
  text: string;
  confirmLabel: string;
  isBusy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      title={props.title}
      role="alertdialog"
      onClose={props.onCancel}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={props.onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={props.isBusy}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </button>
        </>
      }
    >
      <p>{props.text}</p>
    </Modal>
  );
}
