import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../lib/messages';
import { openProfile, openTab } from '../features/profile/testing/profile-harness';
import { EMMA } from './testing/offline-fixtures';

// Issue 26: the profile and the want-to-read list offline, from what was last seen.

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  goOffline(false);
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the profile offline (issue 26)', () => {
  it('shows the want-to-read list as last seen, with what needs the network off and why', async () => {
    const app = await openProfile({
      routes: { 'GET /api/want-to-read': { body: { books: [EMMA], count: 1 } } },
    });
    let panel = await openTab(app, /^Want to Read/);
    expect(await within(panel).findByRole('link', { name: 'Emma' })).toBeInTheDocument();

    goOffline(true);
    await openTab(app, 'My Books');
    panel = await openTab(app, /^Want to Read/);
    expect(within(panel).getByRole('link', { name: 'Emma' })).toBeInTheDocument();
    const remove = within(panel).getByRole('button', {
      name: 'Remove Emma from your want to read list',
    });
    expect(remove).toBeDisabled();
    expect(within(panel).getByRole('group')).toHaveAccessibleDescription(
      messages.offline.needsNetwork,
    );
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeDisabled();
    expect(app.api.requestsTo('GET /api/want-to-read')).toHaveLength(1);

    goOffline(false);
    panel = screen.getByRole('tabpanel');
    expect(
      within(panel).getByRole('button', { name: 'Remove Emma from your want to read list' }),
    ).toBeEnabled();
  });

  it('says so for a list never loaded on this device, instead of failing or spinning', async () => {
    // Answered only once back online (after the test): offline, nothing is asked.
    const app = await openProfile({ routes: { 'GET /api/friends': { body: { friends: [] } } } });
    goOffline(true);
    const panel = await openTab(app, 'Friends');
    expect(within(panel).getByText(messages.offlineQueue.notKept)).toBeInTheDocument();
    expect(within(panel).queryByText(messages.friends.loadFailed)).toBeNull();
    expect(app.api.requestsTo('GET /api/friends')).toEqual([]);
  });
});
