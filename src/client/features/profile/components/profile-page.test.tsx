import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BIO_MAX } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import type { UpdateProfileResponse } from '../../../../lib/schemas/profile';
import { apiErrorReply, heldReply } from '../../../test-utils/mock-api';
import {
  buildFinishedBook,
  buildProfile,
  buildProfileResponse,
  buildWantToReadBook,
} from '../testing/profile-factories';
import { openProfile, openTab } from '../testing/profile-harness';
import { FRIENDS_TEXT } from './friends-tab';
import { MY_BOOKS_TEXT } from './my-books-tab';
import { WANT_TO_READ_TEXT } from './want-to-read-tab';

describe('ProfilePage: the card', () => {
  it('shows the username, bio, points, placeholder picture and Edit Profile', async () => {
    await openProfile({
      profile: buildProfileResponse({
        profile: { username: 'prickly_pete', bio: 'Loves moss.', points: 260 },
      }),
    });

    const section = await screen.findByRole('region', { name: 'prickly_pete' });
    expect(within(section).getByText('Loves moss.')).toBeInTheDocument();
    expect(within(section).getByText(messages.bingo.pointsLabel(260))).toBeInTheDocument();
    const picture = within(section).getByRole('img', { name: "prickly_pete's picture" });
    expect(picture).toHaveTextContent('P');
    expect(within(section).getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('falls back to the name when there is no username, and says there is no bio', async () => {
    await openProfile({
      profile: buildProfileResponse({ profile: { username: '', name: 'Hazel Nut', bio: null } }),
    });

    const section = await screen.findByRole('region', { name: 'Hazel Nut' });
    expect(within(section).getByText(messages.profile.noBio)).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: "Hazel Nut's picture" })).toHaveTextContent(
      'HN',
    );
  });

  it("falls back to 'User' when there is neither a username nor a name", async () => {
    await openProfile({
      profile: buildProfileResponse({ profile: { username: ' ', name: '', bio: '  ' } }),
    });

    const section = await screen.findByRole('region', { name: messages.profile.fallbackName });
    expect(within(section).getByText(messages.profile.noBio)).toBeInTheDocument();
  });

  it('draws the chosen preset avatar, named for screen readers', async () => {
    await openProfile({
      profile: buildProfileResponse({ profile: { username: 'owl', avatar: 'mystery-lover' } }),
    });

    expect(
      await screen.findByRole('img', { name: "owl's picture: Mystery Lover" }),
    ).toBeInTheDocument();
  });

  it('says so when the profile cannot be loaded', async () => {
    await openProfile({ routes: { 'GET /api/profile': apiErrorReply(500, 'boom') } });

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.profile.loadFailed);
  });
});

describe('ProfilePage: Edit Profile', () => {
  const profile = buildProfile({ username: 'bramble', bio: 'Old bio', avatar: null });

  it('opens from a link (?edit=profile, as a square that needs a birth year links), and closes back to /profile', async () => {
    const { user, router } = await openProfile({
      profile: buildProfileResponse({ profile }),
      path: '/profile?edit=profile',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByLabelText(messages.fit.birthYearLabel)).toBeInTheDocument();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  async function openEditor(routes = {}) {
    const app = await openProfile({ profile: buildProfileResponse({ profile }), routes });
    await app.user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    return { ...app, dialog: screen.getByRole('dialog', { name: 'Edit Profile' }) };
  }

  it('offers the four preset avatars by name, the username, the bio, SAVE and CANCEL', async () => {
    const { dialog } = await openEditor();

    const group = within(dialog).getByRole('group', { name: 'Choose an avatar' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['classic-bookworm', 'modern-reader', 'fantasy-fan', 'mystery-lover']);
    for (const name of ['Classic Bookworm', 'Modern Reader', 'Fantasy Fan', 'Mystery Lover']) {
      expect(within(group).getByRole('radio', { name })).not.toBeChecked();
    }
    expect(within(dialog).getByLabelText('Username')).toHaveValue('bramble');
    expect(within(dialog).getByLabelText('Bio')).toHaveValue('Old bio');
    expect(within(dialog).getByRole('button', { name: 'SAVE' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'CANCEL' })).toBeInTheDocument();
  });

  it('refuses an invalid username with the spec text and sends nothing', async () => {
    const { user, dialog, api } = await openEditor();
    const username = within(dialog).getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'no spaces!');

    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.profile.usernameInvalid);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('PATCH /api/profile')).toHaveLength(0);
  });

  it('stops the bio at 200 characters and counts them', async () => {
    const { user, dialog } = await openEditor();
    const bio = within(dialog).getByLabelText('Bio');
    await user.clear(bio);

    await user.type(bio, 'a'.repeat(BIO_MAX + 5));

    expect(bio).toHaveValue('a'.repeat(BIO_MAX));
    expect(within(dialog).getByText(`${BIO_MAX}/${BIO_MAX}`)).toBeInTheDocument();
  });

  it('SAVE sends the avatar, trimmed username and bio, toasts, and shows the new card', async () => {
    const saved = { ...profile, username: 'Hedge_Hog', bio: 'New bio', avatar: 'fantasy-fan' };
    const { user, dialog, api } = await openEditor({
      'PATCH /api/profile': {
        body: { profile: saved, message: messages.profile.updated } as UpdateProfileResponse,
      },
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Fantasy Fan' }));
    const username = within(dialog).getByLabelText('Username');
    await user.clear(username);
    await user.type(username, '  Hedge_Hog ');
    const bio = within(dialog).getByLabelText('Bio');
    await user.clear(bio);
    await user.type(bio, 'New bio');

    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));

    expect(await screen.findByText(messages.profile.updated)).toBeInTheDocument();
    expect(api.requestsTo('PATCH /api/profile')[0]?.body).toEqual({
      avatar: 'fantasy-fan',
      username: 'Hedge_Hog',
      bio: 'New bio',
    });
    // The dialog closes once the signed-in user has been read again, after the toast.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      screen.getByRole('img', { name: "Hedge_Hog's picture: Fantasy Fan" }),
    ).toBeInTheDocument();
    expect(screen.getByText('New bio')).toBeInTheDocument();
  });

  it('sends the private birth year and first name only when changed, and refuses a bad year (issue 11)', async () => {
    const saved = { ...profile, birthYear: 1976, firstName: 'Anne' };
    const { user, dialog, api } = await openEditor({
      'PATCH /api/profile': {
        body: { profile: saved, message: messages.profile.updated } as UpdateProfileResponse,
      },
    });
    expect(within(dialog).getByText(messages.fit.privateHint)).toBeInTheDocument();
    const year = within(dialog).getByLabelText(messages.fit.birthYearLabel);
    await user.type(year, '19');
    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.fit.birthYearInvalid);
    expect(api.requestsTo('PATCH /api/profile')).toHaveLength(0);

    await user.type(year, '76');
    await user.type(within(dialog).getByLabelText(messages.fit.firstNameLabel), ' Anne ');
    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));

    expect(await screen.findByText(messages.profile.updated)).toBeInTheDocument();
    expect(api.requestsTo('PATCH /api/profile')[0]?.body).toMatchObject({
      birthYear: 1976,
      firstName: 'Anne',
    });
  });

  it("shows the server's 'username taken' as a toast and keeps what was typed", async () => {
    const { user, dialog } = await openEditor({
      'PATCH /api/profile': apiErrorReply(409, messages.profile.usernameTaken, 'USERNAME_TAKEN'),
    });
    const username = within(dialog).getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'taken_name');

    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));

    expect(await screen.findByText(messages.profile.usernameTaken)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(username).toHaveValue('taken_name');
  });

  it('says the update failed when the server cannot be reached', async () => {
    const { user, dialog } = await openEditor({
      'PATCH /api/profile': apiErrorReply(500, 'internal'),
    });

    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));

    expect(await screen.findByText(messages.profile.updateFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('CANCEL closes without saving', async () => {
    const { user, dialog, api } = await openEditor();

    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo('PATCH /api/profile')).toHaveLength(0);
  });
});

describe('ProfilePage: My Books', () => {
  const dune = buildFinishedBook({ isbn: '9780441172719', title: 'Dune', rating: 2 });
  const emma = buildFinishedBook({ isbn: '9780141439587', title: 'Emma', rating: null });

  it('lists finished books with cover, title and their rating', async () => {
    await openProfile({ books: [dune, emma] });

    const panel = await screen.findByRole('tabpanel', { name: 'My Books' });
    expect(await within(panel).findByRole('link', { name: 'Dune' })).toHaveAttribute(
      'href',
      '/book/9780441172719',
    );
    expect(within(panel).getByRole('img', { name: 'Cover of Dune' })).toBeInTheDocument();
    const duneStars = within(panel).getByRole('group', { name: 'Your rating for Dune' });
    expect(within(duneStars).getByRole('radio', { name: '2 stars' })).toBeChecked();
    const emmaStars = within(panel).getByRole('group', { name: 'Your rating for Emma' });
    expect(within(emmaStars).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
  });

  it('updates a rating in place and confirms with a toast', async () => {
    const app = await openProfile({
      books: [dune],
      routes: {
        'PATCH /api/finished-books/9780441172719': {
          body: { book: { ...dune, rating: 4 }, message: messages.book.ratingUpdated },
        },
      },
    });
    const stars = await screen.findByRole('group', { name: 'Your rating for Dune' });

    await app.user.click(within(stars).getByRole('radio', { name: '4 stars' }));

    expect(await screen.findByText(messages.book.ratingUpdated)).toBeInTheDocument();
    expect(app.api.requestsTo('PATCH /api/finished-books/9780441172719')[0]?.body).toEqual({
      rating: 4,
    });
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked();
  });

  it('says the rating update failed', async () => {
    const app = await openProfile({
      books: [dune],
      routes: { 'PATCH /api/finished-books/9780441172719': apiErrorReply(503, 'down') },
    });
    const stars = await screen.findByRole('group', { name: 'Your rating for Dune' });

    await app.user.click(within(stars).getByRole('radio', { name: '5 stars' }));

    expect(await screen.findByText(messages.book.ratingUpdateFailed)).toBeInTheDocument();
  });

  it("shows the server's rate-limit text for too many rating updates", async () => {
    const app = await openProfile({
      books: [dune],
      routes: {
        'PATCH /api/finished-books/9780441172719': apiErrorReply(
          429,
          messages.rateLimit.ratingUpdates,
          'RATE_LIMITED',
        ),
      },
    });
    const stars = await screen.findByRole('group', { name: 'Your rating for Dune' });

    await app.user.click(within(stars).getByRole('radio', { name: '5 stars' }));

    expect(await screen.findByText(messages.rateLimit.ratingUpdates)).toBeInTheDocument();
    expect(app.api.requestsTo('PATCH /api/finished-books/9780441172719')).toHaveLength(1);
  });

  it('removes a book only after YES, and keeps it after NO', async () => {
    const app = await openProfile({
      books: [dune, emma],
      routes: {
        'DELETE /api/finished-books/9780441172719': { body: { message: messages.book.removed } },
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Remove Dune' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove Book' });
    await app.user.click(within(dialog).getByRole('button', { name: 'NO' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(app.api.requestsTo('DELETE /api/finished-books/9780441172719')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Remove Dune' }));
    dialog = screen.getByRole('dialog', { name: 'Remove Book' });
    await app.user.click(within(dialog).getByRole('button', { name: 'YES' }));

    expect(await screen.findByText(messages.book.removed)).toBeInTheDocument();
    expect(app.api.requestsTo('DELETE /api/finished-books/9780441172719')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Dune' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Emma' })).toBeInTheDocument();
  });

  it('says the removal failed and keeps the book', async () => {
    const app = await openProfile({
      books: [dune],
      routes: { 'DELETE /api/finished-books/9780441172719': apiErrorReply(500, 'x') },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Remove Dune' }));
    await app.user.click(screen.getByRole('button', { name: 'YES' }));

    expect(await screen.findByText(messages.book.removeFailed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dune' })).toBeInTheDocument();
  });

  it('has a loading text and an empty state', async () => {
    const books = heldReply();
    await openProfile({ routes: { 'GET /api/finished-books': books.handler } });
    expect(await screen.findByText(MY_BOOKS_TEXT.loading)).toBeInTheDocument();

    books.send({ body: { books: [], count: 0 } });

    expect(await screen.findByText(MY_BOOKS_TEXT.empty)).toBeInTheDocument();
  });
});

describe('ProfilePage: Want to Read', () => {
  const books = [
    buildWantToReadBook({ isbn: '9780261103573', title: 'The Hobbit', author: 'J. R. R. Tolkien' }),
    buildWantToReadBook({ isbn: '9780141439518', title: 'Pride and Prejudice' }),
    buildWantToReadBook({ isbn: '9780141441146', title: 'Jane Eyre' }),
  ];

  it('shows the count in the tab label and lists the books with links to their pages', async () => {
    const app = await openProfile({
      profile: buildProfileResponse({
        counts: { wantToRead: 3, friends: 0, pendingRequests: 0 },
      }),
      routes: { 'GET /api/want-to-read': { body: { books, count: 3 } } },
    });

    const panel = await openTab(app, 'Want to Read (3)');

    expect(await within(panel).findByRole('link', { name: 'The Hobbit' })).toHaveAttribute(
      'href',
      '/book/9780261103573',
    );
    expect(within(panel).getByText('J. R. R. Tolkien')).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: 'Cover of Jane Eyre' })).toBeInTheDocument();
  });

  it('removes a book with a toast and lowers the count', async () => {
    const app = await openProfile({
      profile: buildProfileResponse({
        counts: { wantToRead: 3, friends: 0, pendingRequests: 0 },
      }),
      routes: {
        'GET /api/want-to-read': { body: { books, count: 3 } },
        'DELETE /api/want-to-read/9780261103573': {
          body: { message: messages.wantToRead.removed },
        },
      },
    });
    const panel = await openTab(app, 'Want to Read (3)');

    await app.user.click(
      await within(panel).findByRole('button', {
        name: 'Remove The Hobbit from your want to read list',
      }),
    );

    expect(await screen.findByText(messages.wantToRead.removed)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Want to Read (2)' })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'The Hobbit' })).not.toBeInTheDocument();
  });

  it('says the removal failed', async () => {
    const app = await openProfile({
      routes: {
        'GET /api/want-to-read': { body: { books, count: 3 } },
        'DELETE /api/want-to-read/9780261103573': apiErrorReply(500, 'x'),
      },
    });
    const panel = await openTab(app, /^Want to Read/);
    await app.user.click(await within(panel).findByRole('button', { name: /Remove The Hobbit/ }));

    expect(await screen.findByText(messages.wantToRead.removeFailed)).toBeInTheDocument();
  });

  it('says the list could not be loaded', async () => {
    const app = await openProfile({
      routes: { 'GET /api/want-to-read': apiErrorReply(500, 'x') },
    });
    const panel = await openTab(app, /^Want to Read/);

    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      messages.wantToRead.loadFailed,
    );
  });

  it('has an empty state', async () => {
    const app = await openProfile({
      routes: { 'GET /api/want-to-read': { body: { books: [], count: 0 } } },
    });
    const panel = await openTab(app, 'Want to Read (0)');

    expect(await within(panel).findByText(WANT_TO_READ_TEXT.empty)).toBeInTheDocument();
  });
});

describe('ProfilePage: Stats', () => {
  it("reads 'Never' when no book has been finished", async () => {
    const app = await openProfile({
      profile: buildProfileResponse({
        stats: { booksRead: 0, readingStreakWeeks: 0, lastReadAt: null },
      }),
    });
    const panel = await openTab(app, 'Stats');

    expect(within(panel).getByText('Books Read').nextElementSibling).toHaveTextContent('0');
    expect(within(panel).getByText('Reading Streak').nextElementSibling).toHaveTextContent(
      '0 weeks',
    );
    expect(within(panel).getByText('Last Read').nextElementSibling).toHaveTextContent(
      messages.profile.lastReadNever,
    );
  });

  it('shows books read, the streak in weeks and the last read date', async () => {
    const app = await openProfile({
      profile: buildProfileResponse({
        stats: { booksRead: 7, readingStreakWeeks: 1, lastReadAt: '2025-05-14T10:00:00.000Z' },
      }),
    });
    const panel = await openTab(app, 'Stats');

    expect(within(panel).getByText('Books Read').nextElementSibling).toHaveTextContent('7');
    expect(within(panel).getByText('Reading Streak').nextElementSibling).toHaveTextContent(
      /^1 week$/,
    );
    expect(within(panel).getByText('Last Read').nextElementSibling).toHaveTextContent(
      '14 May 2025',
    );
  });
});

describe('ProfilePage: tabs', () => {
  it('are ARIA tabs the arrow keys move through', async () => {
    const app = await openProfile({
      routes: { 'GET /api/friends': { body: { friends: [] } } },
    });
    const first = await screen.findByRole('tab', { name: 'My Books' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'My Books' })).toBeInTheDocument();

    first.focus();
    // From the first tab, Left wraps to the last (Reading history), then on to Friends.
    await app.user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Reading history' })).toHaveFocus();
    await app.user.keyboard('{ArrowLeft}');

    const friends = screen.getByRole('tab', { name: 'Friends' });
    expect(friends).toHaveFocus();
    expect(friends).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Friends' })).toBeInTheDocument();
    expect(await screen.findByText(FRIENDS_TEXT.empty)).toBeInTheDocument();
  });
});
