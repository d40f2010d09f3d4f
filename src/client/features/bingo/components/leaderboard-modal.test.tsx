import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { apiErrorReply, type MockRoutes } from '../../../test-utils/mock-api';
import { buildEntry } from '../testing/bingo-factories';
import { openBingo } from '../testing/bingo-harness';

const friends = [
  buildEntry({ rank: 1, username: 'hazel', points: 120 }),
  buildEntry({ rank: 2, username: 'bramble', points: 90, isYou: true }),
];
const global = [
  buildEntry({ rank: 1, username: 'sonic', points: 600 }),
  buildEntry({ rank: 1, username: 'tiggy', points: 600 }),
  buildEntry({ rank: 3, username: 'bramble', points: 90, isYou: true }),
];

const boards: MockRoutes = {
  'GET /api/leaderboard': (request) => ({
    body: { entries: request.search === '?scope=global' ? global : friends },
  }),
};

async function openLeaderboard(routes: MockRoutes = boards) {
  const app = await openBingo(routes);
  await app.user.click(screen.getByRole('button', { name: 'View Leaderboard' }));
  const dialog = screen.getByRole('dialog', { name: 'Leaderboard' });
  return { ...app, dialog };
}

describe('Leaderboard modal', () => {
  it('opens on Friends: ranks, a crown on first place, N pts, and you highlighted', async () => {
    const { dialog, api } = await openLeaderboard();

    const friendsTab = within(dialog).getByRole('tab', { name: 'Friends' });
    expect(friendsTab).toHaveAttribute('aria-selected', 'true');
    const panel = within(dialog).getByRole('tabpanel', { name: 'Friends' });
    const rows = await within(panel).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('img', { name: 'First place' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText(messages.bingo.pointsLabel(120))).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('img', { name: 'First place' })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(/Rank 2.*bramble.*you.*90 pts/);
    expect(rows[1]).toHaveClass('leaderboard__row--you');
    expect(api.requestsTo('GET /api/leaderboard')[0]?.search).toBe('?scope=friends');
  });

  it('switches to Global Top 10 with the arrow keys; ties share first place', async () => {
    const { user, dialog, api } = await openLeaderboard();
    await within(dialog).findAllByRole('listitem');
    within(dialog).getByRole('tab', { name: 'Friends' }).focus();

    await user.keyboard('{ArrowRight}');

    const globalTab = within(dialog).getByRole('tab', { name: 'Global Top 10' });
    expect(globalTab).toHaveFocus();
    expect(globalTab).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Friends' })).toHaveAttribute('tabindex', '-1');
    const panel = within(dialog).getByRole('tabpanel', { name: 'Global Top 10' });
    expect(await within(panel).findByText('sonic')).toBeInTheDocument();
    expect(within(panel).getAllByRole('img', { name: 'First place' })).toHaveLength(2);
    expect(api.requestsTo('GET /api/leaderboard').map((r) => r.search)).toContain('?scope=global');

    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('tab', { name: 'Friends' })).toHaveFocus();
  });

  it('switches tabs by click and closes with Close', async () => {
    const { user, dialog } = await openLeaderboard();
    await user.click(within(dialog).getByRole('tab', { name: 'Global Top 10' }));
    expect(await within(dialog).findByText('tiggy')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's rate-limit text when the board cannot be loaded", async () => {
    const { dialog } = await openLeaderboard({
      'GET /api/leaderboard': apiErrorReply(429, messages.rateLimit.leaderboardUpdates),
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      messages.rateLimit.leaderboardUpdates,
    );
  });
});
