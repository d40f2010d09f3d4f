import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../../../lib/challenges';
import { messages } from '../../../../lib/messages';
import type { BingoCardResponse } from '../../../../lib/schemas/bingo';
import { buildGuest, buildUser } from '../../../test-utils/factories';
import { clickTwiceAtOnce } from '../../../test-utils/double-click';
import { apiErrorReply, mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { buildCard, buildPlacement } from '../testing/bingo-factories';
import { CURRENT_CARD, currentGrid, openBingo, pastGrid, square } from '../testing/bingo-harness';

const current = currentGrid;
const past = pastGrid;

describe('BingoPage: grids', () => {
  it('lists every grid by title and date, labels past ones, and defaults to the current grid', async () => {
    await openBingo();

    const selector = screen.getByRole('combobox', { name: 'Choose a grid' });
    const options = within(selector).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      `June Reading Challenge · 1 Jun 2025`,
      `May Reading Challenge · 1 May 2025 · ${messages.bingo.pastChallenge}`,
    ]);
    expect(selector).toHaveValue(current.id);
    expect(screen.queryByText(messages.bingo.pastChallenge, { selector: '.badge' })).toBeNull();
  });

  it('shows the current card: points, the 16 challenges, and a marked square with its wildcard', async () => {
    await openBingo();

    expect(screen.getByText(messages.bingo.pointsLabel(40))).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Bingo card' });
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(16);
    const marked = square(DEFAULT_CHALLENGES[0]);
    expect(marked).toHaveAccessibleName(`${DEFAULT_CHALLENGES[0]}. Marked with Dune (wildcard)`);
    expect(within(marked).getByRole('img', { name: 'Cover of Dune' })).toBeInTheDocument();
    expect(within(marked).getByText('Wildcard')).toBeInTheDocument();
    expect(square(DEFAULT_CHALLENGES[1])).toHaveAccessibleName(
      `${DEFAULT_CHALLENGES[1]}. Not marked yet, choose a book`,
    );
    expect(screen.getByRole('button', { name: 'Reset Grid' })).toBeInTheDocument();
  });

  it('shows a past grid read-only: its books, no points, no Reset, and squares that explain why', async () => {
    const { user, api } = await openBingo();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Choose a grid' }), past.id);

    expect(await screen.findByRole('heading', { level: 2, name: past.title })).toBeInTheDocument();
    expect(screen.getByText(messages.bingo.pastChallenge, { selector: '.badge' })).toBeVisible();
    expect(screen.queryByText(messages.bingo.pointsLabel(40))).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Grid' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Leaderboard' })).toBeInTheDocument();
    const emma = square(DEFAULT_CHALLENGES[3]);
    expect(emma).toHaveAccessibleName(`${DEFAULT_CHALLENGES[3]}. Marked with Emma. Read-only`);

    // A past square opens its sheet read-only: the challenge, its book or none, and why.
    await user.click(square(DEFAULT_CHALLENGES[3]));
    const sheet = screen.getByRole('dialog', { name: DEFAULT_CHALLENGES[3] });
    expect(within(sheet).getByText('Emma')).toBeInTheDocument();
    expect(within(sheet).getByText(messages.bingo.historicalGrid)).toBeInTheDocument();
    expect(within(sheet).queryByRole('searchbox')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(square(DEFAULT_CHALLENGES[5]));
    const empty = screen.getByRole('dialog', { name: DEFAULT_CHALLENGES[5] });
    expect(within(empty).getByText(messages.bingo.notMarked)).toBeInTheDocument();
    expect(within(empty).getByText(messages.bingo.historicalGrid)).toBeInTheDocument();
    expect(api.requestsTo(`GET /api/bingo/grids/${past.id}`)).toHaveLength(1);
  });

  it('says the grid was not found for an unknown grid id', async () => {
    mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/grids': { body: { grids: [current] } },
      'GET /api/bingo/grids/nope': apiErrorReply(404, messages.bingo.gridNotFound, 'NOT_FOUND'),
    });
    renderApp('/bingo?grid=nope');

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.bingo.gridNotFound);
  });

  it('says points could not be loaded when the card fails', async () => {
    mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/grids': { body: { grids: [current] } },
      [`GET /api/bingo/grids/${current.id}`]: apiErrorReply(500, 'boom'),
    });
    renderApp('/bingo');

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.bingo.loadPointsFailed);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says the grids could not be loaded', async () => {
    mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/grids': apiErrorReply(500, 'boom'),
    });
    renderApp('/bingo');

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.bingo.loadGridsFailed);
  });

  it('says there is no grid yet', async () => {
    mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/grids': { body: { grids: [] } },
    });
    renderApp('/bingo');

    expect(await screen.findByText(/No bingo grid has been created yet/)).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it("shows Time's up! once the reset date has passed", async () => {
    await openBingo({
      [`GET /api/bingo/grids/${current.id}`]: {
        body: buildCard({ grid: current, resetDate: '2020-01-31T23:59:59.000Z' }),
      },
    });
    expect(screen.getByText(messages.bingo.timesUp)).toBeInTheDocument();
  });

  it('hides the days-left badge when there is no reset date', async () => {
    await openBingo();
    expect(screen.queryByText(/days? left|Time's up!/)).not.toBeInTheDocument();
  });

  it("draws a square's marks in SVG, never a font's symbol (issue 9)", async () => {
    await openBingo({
      [CURRENT_CARD]: {
        body: buildCard({
          grid: current,
          placements: {
            0: buildPlacement({ bookTitle: 'Dune', isWildcard: true, ruleMet: true }),
          },
        }),
      },
    });
    const marked = square(DEFAULT_CHALLENGES[0]);
    expect(marked).toHaveAccessibleName(
      `${DEFAULT_CHALLENGES[0]}. Marked with Dune (wildcard). ${messages.fit.ruleMetMark}`,
    );
    const marks = marked.querySelectorAll('.rule-met, .bingo-square__wildcard');
    expect(marks).toHaveLength(2);
    for (const mark of marks) expect(mark.querySelector('svg')).not.toBeNull();
    // Only letters and ordinary punctuation are left as text: no check mark or star glyph.
    expect(marked.textContent).toMatch(/^[\p{L}\p{N}\s.,'’:()-]*$/u);
  });

  it('moves between squares with the arrow keys, one Tab stop for the grid', async () => {
    const { user } = await openBingo();
    const first = square(DEFAULT_CHALLENGES[0]);
    expect(first).toHaveAttribute('tabindex', '0');
    expect(square(DEFAULT_CHALLENGES[1])).toHaveAttribute('tabindex', '-1');

    first.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');

    expect(square(DEFAULT_CHALLENGES[5])).toHaveFocus();
    expect(square(DEFAULT_CHALLENGES[5])).toHaveAttribute('tabindex', '0');
    await user.keyboard('{End}');
    expect(square(DEFAULT_CHALLENGES[7])).toHaveFocus();
  });
});

describe('BingoPage: Reset Grid', () => {
  function resettable() {
    let card: BingoCardResponse = buildCard({
      grid: current,
      points: 20,
      placements: { 0: buildPlacement(), 1: buildPlacement({ bookTitle: 'Emma' }) },
    });
    return {
      [`GET /api/bingo/grids/${current.id}`]: () => ({ body: card }),
      [`DELETE /api/bingo/grids/${current.id}/placements`]: () => {
        card = buildCard({ grid: current, points: 0 });
        return { body: { totalPoints: 0, message: messages.bingo.gridCleared } };
      },
    } satisfies MockRoutes;
  }

  it('asks first; Cancel changes nothing', async () => {
    const { user, api } = await openBingo(resettable());
    await user.click(screen.getByRole('button', { name: 'Reset Grid' }));

    const dialog = screen.getByRole('dialog', { name: 'Reset your grid?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(`DELETE /api/bingo/grids/${current.id}/placements`)).toHaveLength(0);
  });

  it('clears the card and the points after confirmation, with the toast', async () => {
    const { user, api } = await openBingo(resettable());
    await user.click(screen.getByRole('button', { name: 'Reset Grid' }));
    await user.click(screen.getByRole('button', { name: 'Yes, reset my grid' }));

    expect(await screen.findByText(messages.bingo.gridCleared)).toBeInTheDocument();
    expect(api.requestsTo(`DELETE /api/bingo/grids/${current.id}/placements`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText(messages.bingo.pointsLabel(0))).toBeInTheDocument();
    expect(square(DEFAULT_CHALLENGES[0])).toHaveAccessibleName(
      `${DEFAULT_CHALLENGES[0]}. Not marked yet, choose a book`,
    );
  });

  it('offers a guest no Reset Grid, and says up front that nothing is saved', async () => {
    const { api } = await openBingo({}, { user: buildGuest() });

    expect(screen.getByText(messages.bingo.guestBannerTitle)).toBeVisible();
    expect(screen.getByText(messages.bingo.guestBannerText)).toBeVisible();
    expect(screen.getByRole('link', { name: messages.bingo.guestBannerLink })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.queryByRole('button', { name: 'Reset Grid' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Leaderboard' })).toBeInTheDocument();
    expect(api.requestsTo(`DELETE /api/bingo/grids/${current.id}/placements`)).toHaveLength(0);
  });

  it('shows a member no guest banner', async () => {
    await openBingo();
    expect(screen.queryByText(messages.bingo.guestBannerTitle)).not.toBeInTheDocument();
  });

  it('sends one reset for an instant double click on the confirmation', async () => {
    const { user, api } = await openBingo(resettable());
    await user.click(screen.getByRole('button', { name: 'Reset Grid' }));
    const yes = screen.getByRole('button', { name: 'Yes, reset my grid' });
    clickTwiceAtOnce(yes);

    expect(await screen.findByText(messages.bingo.gridCleared)).toBeInTheDocument();
    expect(api.requestsTo(`DELETE /api/bingo/grids/${current.id}/placements`)).toHaveLength(1);
  });
});
