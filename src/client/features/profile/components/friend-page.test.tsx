import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { buildUser } from '../../../test-utils/factories';
import { apiErrorReply, mockApi, type MockReply } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import {
  buildFriendBook,
  buildUserProfileResponse,
  buildWantToReadBook,
} from '../testing/profile-factories';
import { buildReadingYear } from '../testing/reading-year-factories';

const ROUTE = 'GET /api/users/u-7/profile';

async function openFriendPage(reply: MockReply) {
  const api = mockApi({
    'GET /api/me': { body: { user: buildUser() } },
    [ROUTE]: reply,
    // Issue 25: the Stats tab's reading year.
    'GET /api/users/u-7/reading-year': {
      body: { access: 'full', reading: buildReadingYear(), alt: '' },
    },
  });
  const app = renderApp('/friend/u-7');
  await screen.findByRole('heading', { level: 1, name: 'Friend' });
  return { ...app, api };
}

describe('FriendPage', () => {
  const answer = buildUserProfileResponse({
    profile: { id: 'u-7', username: 'thistle', bio: null, avatar: 'modern-reader', points: 75 },
    books: [
      buildFriendBook({ title: 'Rated Book', rating: 5 }),
      buildFriendBook({ title: 'Unrated Book', rating: null }),
    ],
    wantToRead: [buildWantToReadBook({ isbn: '9780261103573', title: 'The Hobbit' })],
    stats: { booksRead: 2, readingStreakWeeks: 2, lastReadAt: null },
  });

  it('shows a read-only card: picture, name, bio fallback and points, no Edit Profile', async () => {
    await openFriendPage({ body: answer });

    const card = await screen.findByRole('region', { name: 'thistle' });
    expect(
      within(card).getByRole('img', { name: "thistle's picture: Modern Reader" }),
    ).toBeInTheDocument();
    expect(within(card).getByText(messages.profile.noBio)).toBeInTheDocument();
    expect(within(card).getByText(messages.bingo.pointsLabel(75))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
  });

  it('shows ratings only where the friend gave one, and no way to change them', async () => {
    await openFriendPage({ body: answer });

    const panel = await screen.findByRole('tabpanel', { name: 'Books' });
    const rated = within(panel).getByRole('link', { name: 'Rated Book' }).closest('li');
    const unrated = within(panel).getByRole('link', { name: 'Unrated Book' }).closest('li');
    expect(
      within(rated as HTMLElement).getByRole('img', { name: "thistle's rating: 5 out of 5 stars" }),
    ).toBeInTheDocument();
    expect(within(unrated as HTMLElement).queryByRole('img', { name: /rating/ })).toBeNull();
    expect(within(panel).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('has Want to Read (with its count) and Stats tabs, read-only', async () => {
    const { user } = await openFriendPage({ body: answer });

    await user.click(await screen.findByRole('tab', { name: 'Want to Read (1)' }));
    const list = screen.getByRole('tabpanel', { name: 'Want to Read (1)' });
    expect(within(list).getByRole('link', { name: 'The Hobbit' })).toHaveAttribute(
      'href',
      '/book/9780261103573',
    );
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Stats' }));
    const stats = screen.getByRole('tabpanel', { name: 'Stats' });
    expect(within(stats).getByText('Last Read').nextElementSibling).toHaveTextContent(
      messages.profile.lastReadNever,
    );
    expect(within(stats).getByText('Reading Streak').nextElementSibling).toHaveTextContent(
      '2 weeks',
    );
  });

  it("says 'Profile not found' for an unknown id", async () => {
    await openFriendPage(apiErrorReply(404, messages.profile.notFound, 'NOT_FOUND'));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.profile.notFound);
  });

  it('says the profile could not be loaded when the server fails', async () => {
    await openFriendPage(apiErrorReply(500, 'x'));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.profile.loadFailed);
  });

  it('sends a reader who opens their own id to their own profile', async () => {
    const me = buildUser({ id: 'u-me' });
    mockApi({
      'GET /api/me': { body: { user: me } },
      'GET /api/profile': {
        body: {
          ...answer,
          profile: { ...answer.profile, id: 'u-me', name: 'Me' },
          counts: { wantToRead: 0, friends: 0, pendingRequests: 0 },
        },
      },
      'GET /api/finished-books': { body: { books: [], count: 0 } },
    });
    const { router } = renderApp('/friend/u-me');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });
});
