/** Opens /bingo on a fake API: the current June grid (one wildcard Dune) and a past May grid. */
import { screen } from '@testing-library/react';
import { buildUser } from '../../../test-utils/factories';
import { mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import type { BingoCell } from '../../../../lib/schemas/bingo';
import { preloadBoardParts } from '../components/board-parts';
import { buildCard, buildGrid, buildPlacement } from './bingo-factories';

export const currentGrid = buildGrid({
  id: 'g-june',
  title: 'June Reading Challenge',
  createdAt: '2025-06-01T09:00:00.000Z',
  isCurrent: true,
});

export const pastGrid = buildGrid({
  id: 'g-may',
  title: 'May Reading Challenge',
  createdAt: '2025-05-01T09:00:00.000Z',
  isCurrent: false,
});

export const CURRENT_CARD = `GET /api/bingo/grids/${currentGrid.id}`;

/** The fake API's routes of the bingo page for `user`, `routes` added or put in their place. */
export function bingoRoutes(
  user: ReturnType<typeof buildUser> = buildUser(),
  routes: MockRoutes = {},
): MockRoutes {
  const currentCard = buildCard({
    grid: currentGrid,
    points: 40,
    placements: { 0: buildPlacement({ bookTitle: 'Dune', isWildcard: true }) },
  });
  return {
    'GET /api/me': { body: { user } },
    'GET /api/grids': { body: { grids: [currentGrid, pastGrid] } },
    [CURRENT_CARD]: { body: currentCard },
    // Issue 11: no finished book fits, no square is checkable, unless a test says otherwise.
    ...noSuggestionRoutes(currentCard.cells),
    [`GET /api/bingo/grids/${pastGrid.id}`]: {
      body: buildCard({
        grid: pastGrid,
        points: 40,
        placements: { 3: buildPlacement({ bookTitle: 'Emma', bookIsbn: '9780141439587' }) },
      }),
    },
    ...routes,
  };
}

export async function openBingo(
  routes: MockRoutes = {},
  {
    path = '/bingo',
    user = buildUser(),
  }: { path?: string; user?: ReturnType<typeof buildUser> } = {},
) {
  const api = mockApi(bingoRoutes(user, routes));
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: currentGrid.title });
  // The card's modals load on first use (issue 9); tests open them at once.
  await preloadBoardParts();
  return { ...app, api };
}

/** Routes of issue 11's suggestions for a card whose squares carry no rule. */
export function noSuggestionRoutes(cells: readonly BingoCell[]): MockRoutes {
  const routes: MockRoutes = {
    'GET /api/bingo/fitting-books': { body: { books: [], message: null } },
  };
  for (const cell of cells) {
    routes[`GET /api/bingo/cells/${cell.id}/suggestions`] = {
      body: {
        squares: [
          {
            cellId: cell.id,
            position: cell.position,
            points: 10,
            checkable: false,
            suggestions: [],
            hint: null,
          },
        ],
      },
    };
    routes[`GET /api/bingo/cells/${cell.id}/fit`] = { body: { status: 'none', reason: null } };
    // Issue 25: nobody else's books on the square, unless a test says otherwise.
    routes[`GET /api/bingo/cells/${cell.id}/popular`] = { body: { cellId: cell.id, books: [] } };
  }
  return routes;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A square of the card, found by its challenge (its accessible name starts with it). */
export function square(challenge: string) {
  return screen.getByRole('button', { name: new RegExp(`^${escapeRegExp(challenge)}\\.`) });
}
