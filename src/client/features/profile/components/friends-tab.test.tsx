import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import type { Friend } from '../../../../lib/schemas/friends';
import { clickTwiceAtOnce } from '../../../test-utils/double-click';
import { apiErrorReply, heldReply, type MockRoutes } from '../../../test-utils/mock-api';
import { buildFriend } from '../testing/profile-factories';
import { openProfile, openTab } from '../testing/profile-harness';
import { FRIENDS_TEXT } from './friends-tab';

const incoming = buildFriend({
  id: 'fs-in',
  userId: 'u-in',
  username: 'asker',
  status: 'pending',
  isReceived: true,
});
const outgoing = buildFriend({
  id: 'fs-out',
  userId: 'u-out',
  username: 'asked',
  status: 'pending',
  isReceived: false,
});
const friend = buildFriend({
  id: 'fs-ok',
  userId: 'u-ok',
  username: 'buddy',
  points: 90,
  status: 'accepted',
});

async function openFriends(friends: Friend[], routes: MockRoutes = {}) {
  const app = await openProfile({
    routes: { 'GET /api/friends': { body: { friends } }, ...routes },
  });
  const panel = await openTab(app, 'Friends');
  return { ...app, panel };
}

function rowOf(name: string): HTMLElement {
  const link = screen.getByRole('link', { name });
  return link.closest('li') as HTMLElement;
}

describe('ProfilePage: Friends', () => {
  it('labels each friendship and links every row to /friend/{userId}', async () => {
    const { panel } = await openFriends([incoming, outgoing, friend]);

    expect(await within(panel).findByRole('link', { name: 'asker' })).toHaveAttribute(
      'href',
      '/friend/u-in',
    );
    expect(within(rowOf('asker')).getByText(messages.friends.wantsToBeFriends)).toBeInTheDocument();
    expect(within(rowOf('asked')).getByText(messages.friends.requestSentLabel)).toBeInTheDocument();
    expect(within(rowOf('buddy')).getByText(messages.friends.friendLabel)).toBeInTheDocument();
    expect(within(rowOf('buddy')).getByText(messages.bingo.pointsLabel(90))).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'buddy' })).toHaveAttribute(
      'href',
      '/friend/u-ok',
    );
  });

  it('shows a hidden reader as the server names them: no link without an id, no points', async () => {
    // A request sent to a reader who keeps their profile hidden, and a friend who shows their
    // profile to no one (decision 014): the server withholds what the viewer may not see.
    const askedHidden = buildFriend({
      id: 'fs-hidden',
      userId: null,
      username: messages.privacy.hiddenName,
      points: null,
      status: 'pending',
      isReceived: false,
    });
    const privateFriend = buildFriend({
      id: 'fs-private',
      userId: 'u-private',
      username: 'hermit',
      points: null,
      status: 'accepted',
    });
    const { panel } = await openFriends([askedHidden, privateFriend]);

    const hermit = (await within(panel).findByRole('link', { name: 'hermit' })).closest('li')!;
    expect(within(hermit).queryByText(/pts$/)).toBeNull();
    const hidden = within(panel).getByText(messages.privacy.hiddenName).closest('li')!;
    expect(within(hidden).queryByRole('link')).toBeNull();
    expect(within(hidden).getByText(messages.friends.requestSentLabel)).toBeInTheDocument();
    expect(within(hidden).queryByText(/pts$/)).toBeNull();
  });

  it('offers Accept and Reject only to the receiver, and Remove only for friends', async () => {
    await openFriends([incoming, outgoing, friend]);
    await screen.findByRole('link', { name: 'asker' });

    const received = within(rowOf('asker'));
    expect(received.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(received.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(received.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();

    const sent = within(rowOf('asked'));
    expect(sent.queryByRole('button')).not.toBeInTheDocument();

    const accepted = within(rowOf('buddy'));
    expect(accepted.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(accepted.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(accepted.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('accepts a request with a toast and shows the new friend', async () => {
    let friends = [incoming];
    const { user, api } = await openFriends([], {
      'GET /api/friends': () => ({ body: { friends } }),
      'POST /api/friends/fs-in/accept': () => {
        friends = [{ ...incoming, status: 'accepted' }];
        return { body: { friend: friends[0], message: messages.friends.accepted } };
      },
    });
    await screen.findByRole('link', { name: 'asker' });

    await user.click(within(rowOf('asker')).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText(messages.friends.accepted)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/friends/fs-in/accept')).toHaveLength(1);
    expect(await within(rowOf('asker')).findByText(messages.friends.friendLabel)).toBeVisible();
  });

  it('sends one accept for an instant double click (issue 9)', async () => {
    const { api } = await openFriends([incoming], {
      'POST /api/friends/fs-in/accept': {
        body: { friend: { ...incoming, status: 'accepted' }, message: messages.friends.accepted },
      },
    });
    await screen.findByRole('link', { name: 'asker' });

    clickTwiceAtOnce(within(rowOf('asker')).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText(messages.friends.accepted)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/friends/fs-in/accept')).toHaveLength(1);
  });

  it('rejects a request with a toast', async () => {
    const { user, api } = await openFriends([incoming], {
      'POST /api/friends/fs-in/reject': { body: { message: messages.friends.rejected } },
    });
    await screen.findByRole('link', { name: 'asker' });

    await user.click(within(rowOf('asker')).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText(messages.friends.rejected)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/friends/fs-in/reject')).toHaveLength(1);
  });

  it("removes a friend with the server's text", async () => {
    const { user, api } = await openFriends([friend], {
      'DELETE /api/friends/fs-ok': { body: { message: messages.friends.removed } },
    });
    await screen.findByRole('link', { name: 'buddy' });

    await user.click(within(rowOf('buddy')).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(messages.friends.removed)).toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/friends/fs-ok')).toHaveLength(1);
  });

  it.each([
    ['Accept', 'POST /api/friends/fs-in/accept', messages.friends.acceptFailed],
    ['Reject', 'POST /api/friends/fs-in/reject', messages.friends.rejectFailed],
  ])('says so when %s fails', async (button, route, text) => {
    const { user } = await openFriends([incoming], { [route]: apiErrorReply(500, 'x') });
    await screen.findByRole('link', { name: 'asker' });

    await user.click(within(rowOf('asker')).getByRole('button', { name: button }));

    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says the list could not be loaded', async () => {
    const { panel } = await openFriends([], { 'GET /api/friends': apiErrorReply(500, 'x') });

    expect(await within(panel).findByRole('alert')).toHaveTextContent(messages.friends.loadFailed);
  });

  it("shows the rate limit's own text as a toast", async () => {
    const { panel } = await openFriends([], {
      'GET /api/friends': apiErrorReply(429, messages.rateLimit.friendListRefreshes, 'RATE'),
    });

    expect(await screen.findByText(messages.rateLimit.friendListRefreshes)).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent(messages.friends.loadFailed);
  });

  it('has a loading text and an empty state', async () => {
    const list = heldReply();
    const { panel } = await openFriends([], { 'GET /api/friends': list.handler });
    expect(within(panel).getByText(FRIENDS_TEXT.loading)).toBeInTheDocument();

    list.send({ body: { friends: [] } });

    expect(await within(panel).findByText(FRIENDS_TEXT.empty)).toBeInTheDocument();
  });
});

describe('ProfilePage: Add Friend', () => {
  async function openAddFriend(routes: MockRoutes = {}) {
    const app = await openFriends([], routes);
    await app.user.click(within(app.panel).getByRole('button', { name: 'Add Friend' }));
    return { ...app, dialog: screen.getByRole('dialog', { name: 'Add Friend' }) };
  }

  it('has an email-or-username input, ADD and CANCEL', async () => {
    const { dialog } = await openAddFriend();

    expect(within(dialog).getByLabelText('Email or username')).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'ADD' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'CANCEL' })).toBeInTheDocument();
  });

  it('just closes on an empty input, sending nothing', async () => {
    const { user, dialog, api } = await openAddFriend();
    await user.type(within(dialog).getByLabelText('Email or username'), '   ');

    await user.click(within(dialog).getByRole('button', { name: 'ADD' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo('POST /api/friends')).toHaveLength(0);
  });

  it('sends the request, toasts the server text and closes', async () => {
    const sent = buildFriend({ username: 'quill', status: 'pending', isReceived: false });
    const { user, dialog, api } = await openAddFriend({
      'POST /api/friends': {
        status: 201,
        body: { friend: sent, message: messages.friends.requestSent },
      },
    });
    await user.type(within(dialog).getByLabelText('Email or username'), ' Quill@Example.com ');

    await user.click(within(dialog).getByRole('button', { name: 'ADD' }));

    expect(await screen.findByText(messages.friends.requestSent)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/friends')[0]?.body).toEqual({ query: 'Quill@Example.com' });
    // The dialog closes once the list and the card have been read again, after the toast.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends one request for an instant double click on ADD (issue 9)', async () => {
    const sent = buildFriend({ username: 'quill', status: 'pending', isReceived: false });
    const { user, dialog, api } = await openAddFriend({
      'POST /api/friends': {
        status: 201,
        body: { friend: sent, message: messages.friends.requestSent },
      },
    });
    await user.type(within(dialog).getByLabelText('Email or username'), 'quill');

    clickTwiceAtOnce(within(dialog).getByRole('button', { name: 'ADD' }));

    expect(await screen.findByText(messages.friends.requestSent)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/friends')).toHaveLength(1);
    expect(screen.getAllByText(messages.friends.requestSent)).toHaveLength(1);
  });

  it.each([
    [400, messages.friends.lonely],
    [404, messages.friends.userNotFound],
    [409, messages.friends.requestAlreadySent],
    [409, messages.friends.pendingFromUser],
    [429, messages.rateLimit.friendRequests],
  ])("shows the server's %i answer '%s' as a toast and stays open", async (status, text) => {
    const { user, dialog } = await openAddFriend({
      'POST /api/friends': apiErrorReply(status, text),
    });
    const input = within(dialog).getByLabelText('Email or username');
    await user.type(input, 'someone');

    await user.click(within(dialog).getByRole('button', { name: 'ADD' }));

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Friend' })).toBeInTheDocument();
    expect(input).toHaveValue('someone');
  });

  it('says the request could not be sent when the server fails', async () => {
    const { user, dialog } = await openAddFriend({
      'POST /api/friends': apiErrorReply(500, 'x'),
    });
    await user.type(within(dialog).getByLabelText('Email or username'), 'someone{Enter}');

    expect(await screen.findByText(messages.friends.sendFailed)).toBeInTheDocument();
  });
});
