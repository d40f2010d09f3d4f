/** Opens /bingo on a fake API: the current June grid (one wildcard Dune) and a past May grid. */
import { screen } from '@testing-library/react';
import { buildUser } from '../../../test-utils/factories';
import { mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
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

export async function openBingo(
  routes: MockRoutes = {},
  {
    path = '/bingo',
    user = buildUser(),
  }: { path?: string; user?: ReturnType<typeof buildUser> } = {},
) {
  const api = mockApi({
    'GET /api/me': { body: { user } },
    'GET /api/grids': { body: { grids: [currentGrid, pastGrid] } },
    [CURRENT_CARD]: {
      body: buildCard({
        grid: currentGrid,
        points: 40,
        placements: { 0: buildPlacement({ bookTitle: 'Dune', isWildcard: true }) },
      }),
    },
    [`GET /api/bingo/grids/${pastGrid.id}`]: {
      body: buildCard({
        grid: pastGrid,
        points: 40,
        placements: { 3: buildPlacement({ bookTitle: 'Emma', bookIsbn: '9780141439587' }) },
      }),
    },
    ...routes,
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: currentGrid.title });
  return { ...app, api };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A square of the card, found by its challenge (its accessible name starts with it). */
export function square(challenge: string) {
  return screen.getByRole('button', { name: new RegExp(`^${escapeRegExp(challenge)}\\.`) });
}
