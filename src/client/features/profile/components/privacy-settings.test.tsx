import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { buildUser } from '../../../test-utils/factories';
import { apiErrorReply, mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { openProfile, openTab } from '../testing/profile-harness';
import {
  buildProfile,
  buildProfileResponse,
  buildUserProfileResponse,
} from '../testing/profile-factories';

/** Issue 12: the visibility setting, Block with its question, hidden profiles, Unblock. */

describe('Edit Profile: who can see my profile', () => {
  const profile = buildProfile({ username: 'bramble', visibility: 'everyone' });

  async function openEditor(routes: MockRoutes = {}) {
    const app = await openProfile({ profile: buildProfileResponse({ profile }), routes });
    await app.user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    return { ...app, dialog: screen.getByRole('dialog', { name: 'Edit Profile' }) };
  }

  it('offers the three choices as labelled radios, the current one checked, with a hint', async () => {
    const { dialog } = await openEditor();
    const group = within(dialog).getByRole('group', { name: messages.privacy.visibilityLabel });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['everyone', 'friends', 'only_me']);
    expect(within(group).getByRole('radio', { name: 'Everyone' })).toBeChecked();
    expect(group).toHaveAccessibleDescription(messages.privacy.visibilityHelp);
  });

  it('sends the new visibility with SAVE, chosen from the keyboard', async () => {
    const saved = { ...profile, visibility: 'only_me' as const };
    const { user, dialog, api } = await openEditor({
      'PATCH /api/profile': {
        body: { profile: saved, message: messages.profile.updated },
      },
    });
    const everyone = within(dialog).getByRole('radio', { name: 'Everyone' });
    everyone.focus();
    // Arrow keys move through a radio group and choose as they go.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: 'Only me' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));

    await screen.findByText(messages.profile.updated);
    expect(api.requestsTo('PATCH /api/profile')[0]?.body).toMatchObject({
      visibility: 'only_me',
    });
  });

  it('leaves the visibility out of the request when it was not changed', async () => {
    const { user, dialog, api } = await openEditor({
      'PATCH /api/profile': {
        body: { profile, message: messages.profile.updated },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await screen.findByText(messages.profile.updated);
    expect(api.requestsTo('PATCH /api/profile')[0]?.body).not.toHaveProperty('visibility');
  });
});

const ROUTE = 'GET /api/users/u-7/profile';

async function openFriendPage(routes: MockRoutes) {
  const api = mockApi({ 'GET /api/me': { body: { user: buildUser() } }, ...routes });
  const app = renderApp('/friend/u-7');
  await screen.findByRole('heading', { level: 1, name: 'Friend' });
  return { ...app, api };
}

describe("Block on another reader's profile", () => {
  const visible = buildUserProfileResponse({
    profile: { id: 'u-7', username: 'thistle', bio: null, avatar: null, points: 75 },
  });

  it('asks first, saying what a block does, and NO sends nothing', async () => {
    const { user, api } = await openFriendPage({ [ROUTE]: { body: visible } });
    await user.click(await screen.findByRole('button', { name: messages.privacy.block }));

    const dialog = screen.getByRole('dialog', { name: messages.privacy.blockTitle('thistle') });
    expect(within(dialog).getByText(messages.privacy.blockExplained)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'NO' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo('PUT /api/blocks/u-7')).toHaveLength(0);
  });

  it('blocks on YES, toasts and shows the profile as blocked, with Unblock', async () => {
    let blocked = false;
    const { user, api } = await openFriendPage({
      [ROUTE]: () => ({
        body: blocked
          ? {
              access: 'hidden',
              profile: { id: 'u-7', username: 'thistle' },
              blockedByYou: true,
            }
          : visible,
      }),
      'PUT /api/blocks/u-7': () => {
        blocked = true;
        return { body: { message: messages.privacy.blocked } };
      },
    });
    await user.click(await screen.findByRole('button', { name: messages.privacy.block }));
    await user.click(screen.getByRole('button', { name: 'YES' }));

    expect(await screen.findByText(messages.privacy.blocked)).toBeInTheDocument();
    expect(await screen.findByText(messages.privacy.youBlocked)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock thistle' })).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/blocks/u-7')).toHaveLength(1);
  });

  it("shows the server's refusal as a toast and keeps the question open", async () => {
    const { user } = await openFriendPage({
      [ROUTE]: { body: visible },
      'PUT /api/blocks/u-7': apiErrorReply(429, messages.rateLimit.blockUpdates, 'RATE_LIMITED'),
    });
    await user.click(await screen.findByRole('button', { name: messages.privacy.block }));
    await user.click(screen.getByRole('button', { name: 'YES' }));
    expect(await screen.findByText(messages.rateLimit.blockUpdates)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('A hidden profile', () => {
  it("shows only 'A reader' and why, no shelves, and still offers Block", async () => {
    await openFriendPage({
      [ROUTE]: {
        body: {
          access: 'hidden',
          profile: { id: 'u-7', username: messages.privacy.hiddenName },
          blockedByYou: false,
        },
      },
    });
    const card = await screen.findByRole('region', { name: messages.privacy.hiddenName });
    expect(within(card).getByText(messages.privacy.hiddenProfile)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: messages.privacy.block })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});

describe('The blocked list on the Friends tab', () => {
  it('opens on demand, lists the blocked readers and unblocks one', async () => {
    let list = [{ id: 'u-9', username: 'pest_hog', blockedAt: '2026-11-01T10:00:00.000Z' }];
    const app = await openProfile({
      routes: {
        'GET /api/friends': { body: { friends: [] } },
        'GET /api/blocks': () => ({ body: { blocked: list } }),
        'DELETE /api/blocks/u-9': () => {
          list = [];
          return { body: { message: messages.privacy.unblocked } };
        },
      },
    });
    await openTab(app, 'Friends');
    const toggle = screen.getByRole('button', { name: messages.privacy.blockedListTitle });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(app.api.requestsTo('GET /api/blocks')).toHaveLength(0);

    await app.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('pest_hog')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Unblock pest_hog' }));

    expect(await screen.findByText(messages.privacy.unblocked)).toBeInTheDocument();
    expect(await screen.findByText(messages.privacy.noBlocked)).toBeInTheDocument();
  });
});
