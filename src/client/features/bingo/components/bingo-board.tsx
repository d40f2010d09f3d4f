import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messages } from '../../../../lib/messages';
import type { GridSummary } from '../../../../lib/schemas/admin';
import type { BingoCardResponse, BingoCell, PlaceBookBody } from '../../../../lib/schemas/bingo';
import { notifyError, notifyInfo, notifySuccess } from '../../../app/notify';
import { Spinner } from '../../../components/spinner';
import { ApiError, errorText } from '../../../services/api-client';
import {
  cardQueryKey,
  cardQueryOptions,
  placeBook,
  resetGrid,
  writeCachedPlacement,
  writeCachedPoints,
} from '../api/card-api';
import { LEADERBOARD_QUERY_ROOT } from '../api/leaderboard-api';
import { BingoGrid } from './bingo-grid';
import { DaysLeftBadge } from './days-left-badge';
import { GridSelector } from './grid-selector';
import { LeaderboardModal } from './leaderboard-modal';
import { PointsCounter } from './points-counter';
import { ResetGridModal } from './reset-grid-modal';
import { ReviewModal, type ReviewedBook } from './review-modal';
import { SearchModal } from './search-modal';

type OpenModal =
  | { kind: 'none' }
  | { kind: 'search'; cell: BingoCell }
  | { kind: 'review'; book: ReviewedBook }
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
  const listed = grids.find((grid) => grid.id === gridId);
  const card = useQuery(cardQueryOptions(gridId, listed?.isCurrent ?? false));
  const [modal, setModal] = useState<OpenModal>(NO_MODAL);
  const closeModal = () => setModal(NO_MODAL);

  function refreshAfterChange() {
    void queryClient.invalidateQueries({ queryKey: cardQueryKey(gridId) });
    void queryClient.invalidateQueries({ queryKey: LEADERBOARD_QUERY_ROOT });
  }

  const placement = useMutation({
    mutationFn: (body: PlaceBookBody) => placeBook(body),
    onSuccess: (result, { cellId }) => {
      const before = queryClient.getQueryData<BingoCardResponse>(cardQueryKey(gridId));
      const previous = before?.cells.find((cell) => cell.id === cellId)?.placement ?? null;
      const placed = result.placement;
      notifySuccess(result.message);
      writeCachedPlacement(queryClient, gridId, placed.cellId, {
        bookIsbn: placed.bookIsbn,
        bookTitle: placed.bookTitle,
        coverUrl: placed.coverUrl,
        isWildcard: placed.isWildcard,
        points: placed.points,
      });
      writeCachedPoints(queryClient, result.totalPoints);
      refreshAfterChange();
      // A review is offered for a book the square did not hold before, never for a refusal.
      setModal(
        previous?.bookIsbn === placed.bookIsbn
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
      writeCachedPoints(queryClient, result.totalPoints);
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

  const { grid, cells, points, resetDate } = card.data;
  const isPast = !grid.isCurrent;

  function handleActivate(cell: BingoCell) {
    if (isPast) {
      notifyInfo(messages.bingo.historicalGrid, 'historical-grid');
      return;
    }
    setModal({ kind: 'search', cell });
  }

  return (
    <>
      {selector}
      <section className="bingo-board" aria-labelledby={titleId}>
        <div className="bingo-board__header">
          <h2 id={titleId} className="bingo-board__title">
            {grid.title}
          </h2>
          {isPast ? (
            <span className="badge badge--muted">{messages.bingo.pastChallenge}</span>
          ) : null}
        </div>
        {isPast ? (
          <p className="note bingo-board__note">{messages.bingo.historicalGrid}</p>
        ) : (
          <div className="bingo-board__stats">
            <PointsCounter points={points} />
            {resetDate ? <DaysLeftBadge resetDate={resetDate} /> : null}
          </div>
        )}
        <BingoGrid cells={cells} readOnly={isPast} onActivate={handleActivate} />
        <div className="bingo-board__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setModal({ kind: 'leaderboard' })}
          >
            View Leaderboard
          </button>
          {isPast ? null : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setModal({ kind: 'reset' })}
            >
              Reset Grid
            </button>
          )}
        </div>
      </section>

      {modal.kind === 'search' ? (
        <SearchModal
          challenge={modal.cell.challenge}
          onClose={closeModal}
          isPlacing={placement.isPending}
          onChoose={(book) => placement.mutate({ cellId: modal.cell.id, isbn: book.isbn })}
        />
      ) : null}
      {modal.kind === 'review' ? <ReviewModal book={modal.book} onClose={closeModal} /> : null}
      {modal.kind === 'reset' ? (
        <ResetGridModal
          isResetting={reset.isPending}
          onCancel={closeModal}
          onConfirm={() => reset.mutate(grid.id)}
        />
      ) : null}
      {modal.kind === 'leaderboard' ? <LeaderboardModal onClose={closeModal} /> : null}
    </>
  );
}
