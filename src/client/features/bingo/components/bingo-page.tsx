import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { gridsQueryOptions } from '../api/grids-api';
import { useLiveUpdates } from '../hooks/use-live-updates';
import '../bingo.css';
import { BingoBoard } from './bingo-board';

const GRID_PARAM = 'grid';

/**
 * The bingo page (SPEC.md section 2), for guests and members. The chosen grid lives in the URL
 * (?grid=id) so it survives a reload; without one, the current grid is shown.
 */
export function BingoPage() {
  useDocumentTitle('Bingo');
  const { user } = useCurrentUser();
  useLiveUpdates(user !== null);
  const grids = useQuery(gridsQueryOptions);
  const [searchParams, setSearchParams] = useSearchParams();

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
    const current = list.find((grid) => grid.isCurrent) ?? list[0];
    const gridId = searchParams.get(GRID_PARAM) ?? current?.id ?? '';
    body = (
      <BingoBoard
        grids={list}
        gridId={gridId}
        onSelectGrid={(id) => {
          // The current grid is the page's default: its address stays plain /bingo.
          setSearchParams(id === current?.id ? {} : { [GRID_PARAM]: id });
        }}
      />
    );
  }

  return (
    <div className="page bingo">
      <h1>Bingo</h1>
      {body}
    </div>
  );
}
