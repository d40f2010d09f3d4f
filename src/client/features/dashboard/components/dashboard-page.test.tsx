import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../lib/messages';
import type { DashboardResponse } from '../../../../lib/schemas/dashboard';
import { buildUser } from '../../../test-utils/factories';
import { apiErrorReply, mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';

// The tables sit in closed <details> (hidden: true finds them). jsdom has no canvas: the chart is a stand-in; the headings and tables are what is tested.
vi.mock('../../../components/uplot-chart', () => ({
  UplotChart: () => <div data-testid="chart" />,
}));

const t = messages.dashboard;

function buildDashboard(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    grid: { id: 'g1', title: 'Summer Season', createdAt: '2026-06-01T00:00:00.000Z', club: null },
    generatedAt: '2026-07-01T00:00:00.000Z',
    weekStart: '2026-06-24T00:00:00.000Z',
    participants: 4,
    activeThisWeek: 3,
    newThisWeek: 2,
    linesCompleted: 11,
    readersWithLine: 2,
    fullCards: 1,
    squares: Array.from({ length: 16 }, (_, i) => ({
      position: i,
      challenge: `Challenge ${i + 1}`,
      label: `Label ${i + 1}`,
      readers: i === 0 ? 4 : i === 4 ? 0 : 1,
      hasRule: i === 0,
      ruleMet: i === 0 ? 2 : 0,
      ruleMetShare: i === 0 ? 0.5 : null,
      hardest: i === 4,
    })),
    pointsHistogram: Array.from({ length: 16 }, (_, i) => ({
      from: i * 50,
      to: i * 50 + 49,
      readers: i === 0 ? 2 : i === 15 ? 1 : 0,
    })),
    placementsPerDay: [
      { date: '2026-06-20', placements: 2 },
      { date: '2026-06-28', placements: 21 },
    ],
    topReaders: [
      { rank: 1, userId: 'u1', username: 'fay', points: 760, isYou: false },
      { rank: 2, userId: 'u2', username: messages.privacy.hiddenName, points: 20, isYou: false },
    ],
    ...overrides,
  };
}

function open(path: string, routes: MockRoutes) {
  const api = mockApi({
    'GET /api/me': { body: { user: buildUser({ id: 'viewer-1' }) } },
    ...routes,
  });
  return { ...renderApp(path), api };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row', { hidden: true })
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));

describe('DashboardPage', () => {
  it('shows the figures, each chart with its title and its data table', async () => {
    open('/dashboard/g1', { 'GET /api/grids/g1/dashboard': { body: buildDashboard() } });
    expect(
      await screen.findByRole('heading', { level: 1, name: t.title('Summer Season') }),
    ).toBeVisible();
    expect(screen.getByText(t.participants).nextSibling).toHaveTextContent('4');
    expect(screen.getByText(t.fullCards).nextSibling).toHaveTextContent('1');

    const squares = screen.getByRole('region', { name: t.squaresTitle });
    const squaresTable = within(squares).getByRole('table', { name: t.squaresTitle, hidden: true });
    const rows = rowsOf(squaresTable);
    expect(rows).toHaveLength(16);
    expect(rows[0]).toEqual(['1. Label 1', '4', '50%', '']);
    expect(rows[4]).toEqual(['5. Label 5', '0', t.noRule, t.hardestMark]);

    const points = screen.getByRole('region', { name: t.pointsTitle });
    expect(rowsOf(within(points).getByRole('table', { hidden: true }))[0]).toEqual(['0-49', '2']);

    const days = screen.getByRole('region', { name: t.daysTitle });
    expect(rowsOf(within(days).getByRole('table', { hidden: true }))).toEqual([
      ['2026-06-20', '2'],
      ['2026-06-28', '21'],
    ]);

    const top = screen.getByRole('region', { name: t.topTitle });
    expect(rowsOf(within(top).getByRole('table'))).toEqual([
      ['1', 'fay ', '760'],
      ['2', `${messages.privacy.hiddenName} `, '20'],
    ]);
    expect(await screen.findAllByTestId('chart')).toHaveLength(3);
  });

  it('says so when no book is placed yet, with no charts', async () => {
    open('/dashboard/g1', {
      'GET /api/grids/g1/dashboard': {
        body: buildDashboard({ participants: 0, placementsPerDay: [], topReaders: [] }),
      },
    });
    expect(await screen.findByText(t.empty)).toBeVisible();
    expect(screen.queryByRole('region', { name: t.squaresTitle })).not.toBeInTheDocument();
  });

  it("shows the server's refusal to a reader who is not an organiser", async () => {
    open('/dashboard/g1', {
      'GET /api/grids/g1/dashboard': apiErrorReply(403, t.ownersOnly, 'FORBIDDEN'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.ownersOnly);
  });

  it('offers to try again when loading fails', async () => {
    let fail = true;
    const { user } = open('/dashboard/g1', {
      'GET /api/grids/g1/dashboard': () =>
        fail ? apiErrorReply(500, 'boom') : { body: buildDashboard() },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(
      await screen.findByRole('heading', { level: 1, name: t.title('Summer Season') }),
    ).toBeVisible();
  });

  it('opens the current shared card when no card is named', async () => {
    open('/dashboard', {
      'GET /api/grids': {
        body: {
          grids: [
            {
              id: 'g1',
              title: 'Summer Season',
              createdAt: '2026-06-01T00:00:00.000Z',
              isCurrent: true,
              club: null,
              resetDate: null,
            },
          ],
          more: [],
        },
      },
      'GET /api/grids/g1/dashboard': { body: buildDashboard() },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: t.title('Summer Season') }),
    ).toBeVisible();
  });
});
