/** Opens the club pages on a fake API as a signed-in reader (or guest). */
import { screen } from '@testing-library/react';
import type { ClubSummary } from '../../../../lib/schemas/clubs';
import type { CurrentUser } from '../../../services/session-api';
import { buildUser } from '../../../test-utils/factories';
import { mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';

export const VIEWER_ID = 'viewer-1';

/** Renders the app at `path` for `user` (a reader whose id is VIEWER_ID by default). */
export function openAt(path: string, routes: MockRoutes, user?: CurrentUser) {
  const api = mockApi({
    'GET /api/me': { body: { user: user ?? buildUser({ id: VIEWER_ID }) } },
    ...routes,
  });
  return { ...renderApp(path), api };
}

/** Opens /clubs/{id} for a club the fake API knows, and waits for its heading. */
export async function openClub(club: ClubSummary, routes: MockRoutes = {}) {
  const app = openAt(`/clubs/${club.id}`, {
    [`GET /api/clubs/${club.id}`]: { body: { club } },
    // A member's page opens on the leaderboard.
    [`GET /api/clubs/${club.id}/leaderboard`]: { body: { entries: [] } },
    ...routes,
  });
  await screen.findByRole('heading', { level: 1, name: club.name });
  return app;
}

/** Opens one of the club's tabs by name and returns its panel. */
export async function openClubTab(app: ReturnType<typeof openAt>, name: string) {
  await app.user.click(await screen.findByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}
