import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { gridsQueryOptions } from '../api/grids-api';

function formatGridDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

/** The bingo page. For now it names the grids; the 4x4 card itself arrives with issue 3. */
export function BingoPage() {
  useDocumentTitle('Bingo');
  const grids = useQuery(gridsQueryOptions);

  let body;
  if (grids.isPending) {
    body = <Spinner label="Loading grids..." showLabel />;
  } else if (grids.isError) {
    body = (
      <p className="form-message form-message--error" role="alert">
        {messages.bingo.loadGridsFailed}
      </p>
    );
  } else if (grids.data.grids.length === 0) {
    body = <p className="empty">No bingo grid has been created yet. Check back soon!</p>;
  } else {
    const current = grids.data.grids.find((grid) => grid.isCurrent);
    body = (
      <>
        {current ? <h2 className="bingo__title">{current.title}</h2> : null}
        <p className="note">
          Your {current ? 'card' : 'bingo card'} is being knitted together by our hedgehogs: the 4x4
          grid of challenges will appear here very soon.
        </p>
        <h3>All grids</h3>
        <ul className="grid-list">
          {grids.data.grids.map((grid) => (
            <li key={grid.id}>
              <span>{grid.title}</span>{' '}
              <span className="grid-list__date">{formatGridDate(grid.createdAt)}</span>
              {grid.isCurrent ? null : (
                <span className="badge badge--muted">{messages.bingo.pastChallenge}</span>
              )}
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="page">
      <h1>Bingo</h1>
      {body}
    </div>
  );
}
