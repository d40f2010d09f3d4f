import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { gridsQueryOptions } from '../api/grids-api';
import { NO_BOARDS, ShowBoardsContext, useLiveUpdates } from '../hooks/use-live-updates';
import '../bingo.css';
import { BingoBoard } from './bingo-board';

const GRID_PARAM = 'grid';

/**
 * The bingo page (SPEC.md section 2), for guests and members. The chosen grid lives in the URL
 * (?grid=id) so it survives a reload and a link can open a given card (the club page links to its
 * cards, issue 12); without one, the current shared grid is shown.
 */
export function BingoPage() {
  useDocumentTitle('Bingo');
  const { user } = useCurrentUser();
  // The boards shown (the leaderboard while open) are named to the live stream.
  const [boards, showBoards] = useState(NO_BOARDS);
  useLiveUpdates(user !== null, boards);
  const grids = useQuery(gridsQueryOptions);
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedId = searchParams.get(GRID_PARAM);
  // The grid list is kept for days: a card linked to that it lacks (a club card made since, or a
  // club joined since) asks for the list again, once per id.
  const refetchedFor = useRef(new Set<string>());
  const lacksRequested =
    grids.isSuccess && requestedId !== null && !grids.data.grids.some((g) => g.id === requestedId);
  useEffect(() => {
    if (!lacksRequested || refetchedFor.current.has(requestedId)) return;
    refetchedFor.current.add(requestedId);
    void grids.refetch();
  }, [lacksRequested, requestedId, grids]);

  let body;
  if (grids.isPending) {
    body = <Spinner label="Loading grids..." showLabel />;
  } else if (grids.isError) {
    body = (
      <div className="page-problem">
        <p className="form-message form-message--error" role="alert">
          {messages.bingo.loadGridsFailed}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void grids.refetch()}
        >
          Try again
        </button>
      </div>
    );
  } else if (grids.data.grids.length === 0) {
    body = <p className="empty">No bingo grid has been created yet. Check back soon!</p>;
  } else {
    const list = grids.data.grids;
    // Club cards are current too (issue 12): the default is the shared card.
    const shared = list.filter((grid) => !grid.club);
    const current = shared.find((grid) => grid.isCurrent) ?? shared[0] ?? list[0];
    const gridId = searchParams.get(GRID_PARAM) ?? current?.id ?? '';
    body = (
      <BingoBoard
        grids={list}
        gridId={gridId}
        // The chosen grid stays in the address (a new square or search starts on the new grid).
        onSelectGrid={(id) => setSearchParams({ [GRID_PARAM]: id })}
      />
    );
  }

  return (
    <div className="page bingo">
      <h1>Bingo</h1>
      <ShowBoardsContext.Provider value={showBoards}>{body}</ShowBoardsContext.Provider>
    </div>
  );
}
