import { usePrefetchQuery } from '@tanstack/react-query';
import { gridsQueryOptions } from '../features/bingo/api/grids-api';
import { BingoPage } from './lazy-pages';

/**
 * The bingo route asks for the grid list while the page's own script is still downloading (issue
 * 9): after signing in, the move to /bingo happens inside the page, so without this the card came
 * three round trips later (the script, then GET /api/grids, then the card). grids-api.ts is small
 * and its only imports are already in the entry.
 */
export function BingoRoute() {
  usePrefetchQuery(gridsQueryOptions);
  return <BingoPage />;
}
