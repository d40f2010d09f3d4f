/** Opens /profile on a fake API: the signed-in reader, their card and (My Books) their books. */
import { screen } from '@testing-library/react';
import type { FinishedBook } from '../../../../lib/schemas/library';
import type { ProfileResponse } from '../../../../lib/schemas/profile';
import { buildUser } from '../../../test-utils/factories';
import { mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { preloadProfileParts } from '../components/profile-parts';
import { buildProfileResponse } from './profile-factories';
import { buildOwnReadingYear } from './reading-year-factories';

interface OpenProfileOptions {
  profile?: ProfileResponse;
  books?: FinishedBook[];
  routes?: MockRoutes;
  path?: string;
}

export async function openProfile({
  profile = buildProfileResponse(),
  books = [],
  routes = {},
  path = '/profile',
}: OpenProfileOptions = {}) {
  const api = mockApi({
    'GET /api/me': { body: { user: buildUser({ id: profile.profile.id }) } },
    'GET /api/profile': { body: profile },
    'GET /api/finished-books': { body: { books, count: books.length } },
    // Issue 25: the Stats tab's reading year (an empty one unless a test says otherwise).
    'GET /api/profile/reading-year': { body: buildOwnReadingYear() },
    ...routes,
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  // Edit Profile and the reading-history tab load on first use (issue 9); tests open them at once.
  await preloadProfileParts();
  return { ...app, api };
}

/** Opens one of the profile's tabs by its name (a string or a pattern for counted labels). */
export async function openTab(app: Awaited<ReturnType<typeof openProfile>>, name: string | RegExp) {
  await app.user.click(await screen.findByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}
