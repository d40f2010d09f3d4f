import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { messages } from '../../../../lib/messages';
import type { BingoCardResponse } from '../../../../lib/schemas/bingo';
import { buildGuest, buildUser } from '../../../test-utils/factories';
import { apiErrorReply, mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { buildClub, buildClubCard } from '../../clubs/testing/club-factories';
import { openClub, openClubTab } from '../../clubs/testing/club-harness';
import { buildCard, buildGrid, buildPlacement } from '../testing/bingo-factories';
import { currentGrid, noSuggestionRoutes, openBingo } from '../testing/bingo-harness';
import { PRINT_VIEW_CLASS } from './print-page';

// Issue 24: the printable card, blank (challenges only) or the reader's (their books).
const t = messages.printCard;

const clubGrid = buildGrid({
  id: 'g-club',
  title: 'Winter Reads',
  club: { id: 'c-1', name: 'Hedge Readers' },
  resetDate: '2099-12-31',
});

/** The club card with three books: Dune (the wildcard), Emma (met its rule) and Beloved. */
const filledCard: BingoCardResponse = buildCard({
  grid: clubGrid,
  points: 30,
  placements: {
    0: buildPlacement({ bookTitle: 'Dune', isWildcard: true }),
    5: buildPlacement({ bookTitle: 'Emma', bookIsbn: '9780141439587', ruleMet: true }),
    15: buildPlacement({ bookTitle: 'Beloved', bookIsbn: '9781400033416' }),
  },
});

let print: MockInstance<() => void>;

beforeEach(() => {
  // jsdom has no print dialog (it reports "not implemented"): what the page asks for is recorded.
  print = vi.spyOn(window, 'print').mockImplementation(() => {});
});

afterEach(() => {
  print.mockRestore();
});

function openPrint(path: string, routes: MockRoutes = {}, user = buildUser({ username: 'fay' })) {
  const api = mockApi({
    'GET /api/me': { body: { user } },
    [`GET /api/bingo/grids/${clubGrid.id}`]: { body: filledCard },
    ...routes,
  });
  return { ...renderApp(path), api };
}

const squares = () =>
  within(screen.getByRole('list', { name: t.squares })).getAllByRole('listitem');

describe('the print view', () => {
  it('prints a blank card: every challenge in card order, a line to write on, no books', async () => {
    const app = openPrint(`/print/${clubGrid.id}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hedge Readers: Winter Reads' }),
    ).toBeVisible();
    expect(screen.getByText(t.blankHint)).toBeVisible();
    const items = squares();
    expect(items).toHaveLength(16);
    filledCard.cells.forEach((cell, index) => {
      expect(within(items[index]!).getByText(t.square(index))).toBeVisible();
      expect(within(items[index]!).getByText(cell.challenge)).toBeVisible();
      expect(within(items[index]!).getByText(t.book)).toBeVisible();
    });
    // The reader's books stay off a blank card.
    expect(screen.queryByText('Dune')).not.toBeInTheDocument();
    expect(screen.queryByText(t.wildcard)).not.toBeInTheDocument();
    expect(document.title).toBe(`${t.pageTitle('Winter Reads')} · Hedgehog Reading Bingo`);
    // Opened by its address (not by a Print link): no dialog until the reader asks for one.
    expect(print).not.toHaveBeenCalled();
    await app.user.click(screen.getByRole('button', { name: t.print }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: t.blankView })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: t.backToCard })).toHaveAttribute(
      'href',
      `/bingo?grid=${clubGrid.id}`,
    );
  });

  it("prints the reader's card: each book on its square, the wildcard and the rule in words", async () => {
    openPrint(`/print/${clubGrid.id}?filled=1`);

    await screen.findByRole('heading', { level: 1, name: 'Hedge Readers: Winter Reads' });
    expect(screen.getByText(`${t.cardOf('fay')} · ${t.filledCount(3, 16)}`)).toBeVisible();
    const items = squares();
    expect(within(items[0]!).getByText('Dune')).toBeVisible();
    expect(within(items[0]!).getByText(t.wildcard)).toBeVisible();
    expect(within(items[0]!).queryByText(t.ruleMet)).not.toBeInTheDocument();
    expect(within(items[5]!).getByText('Emma')).toBeVisible();
    expect(within(items[5]!).getByText(t.ruleMet)).toBeVisible();
    expect(within(items[5]!).queryByText(t.wildcard)).not.toBeInTheDocument();
    expect(within(items[15]!).getByText('Beloved')).toBeVisible();
    // An empty square says so to a screen reader and keeps its line to write on.
    expect(within(items[1]!).getByText(t.notFilled)).toBeInTheDocument();
    expect(within(items[1]!).getByText(t.book)).toBeVisible();
    expect(screen.getAllByText(t.notFilled)).toHaveLength(13);
    expect(screen.getByRole('link', { name: t.filledView })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: t.blankView })).not.toHaveAttribute('aria-current');
  });

  it('switches between the blank card and the filled one', async () => {
    const app = openPrint(`/print/${clubGrid.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Hedge Readers: Winter Reads' });

    await app.user.click(screen.getByRole('link', { name: t.filledView }));
    expect(await screen.findByText('Dune')).toBeVisible();
    expect(app.router.state.location.search).toBe('?filled=1');

    await app.user.click(screen.getByRole('link', { name: t.blankView }));
    await waitFor(() => expect(screen.queryByText('Dune')).not.toBeInTheDocument());
    expect(print).not.toHaveBeenCalled();
  });

  it('marks the page for the print stylesheet only while it is open', async () => {
    const app = openPrint(`/print/${clubGrid.id}`, {
      'GET /api/grids': { body: { grids: [clubGrid] } },
      ...noSuggestionRoutes(filledCard.cells),
    });
    await screen.findByRole('heading', { level: 1, name: 'Hedge Readers: Winter Reads' });
    expect(document.documentElement).toHaveClass(PRINT_VIEW_CLASS);

    await app.user.click(screen.getByRole('link', { name: t.backToCard }));
    // The bingo page's own chunk loads first: on a busy machine that may take a while.
    await screen.findByRole(
      'heading',
      { level: 2, name: 'Hedge Readers: Winter Reads' },
      { timeout: 15_000 },
    );
    expect(document.documentElement).not.toHaveClass(PRINT_VIEW_CLASS);
  });

  it('says so when the card does not exist, and offers Try again when it failed to load', async () => {
    openPrint('/print/g-gone', {
      'GET /api/bingo/grids/g-gone': apiErrorReply(404, messages.bingo.gridNotFound, 'NOT_FOUND'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.bingo.gridNotFound);
    expect(screen.queryByRole('button', { name: t.retry })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.print })).toBeDisabled();
  });

  it('offers Try again after a failure, and shows the card once it loads', async () => {
    let calls = 0;
    const app = openPrint(`/print/${clubGrid.id}`, {
      [`GET /api/bingo/grids/${clubGrid.id}`]: () => {
        calls += 1;
        return calls === 1 ? apiErrorReply(500, 'boom') : { body: filledCard };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailed);
    await app.user.click(screen.getByRole('button', { name: t.retry }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hedge Readers: Winter Reads' }),
    ).toBeVisible();
  });
});

describe('Print on the bingo card', () => {
  it('opens the blank card and asks the browser to print it, once', async () => {
    const app = await openBingo();

    await app.user.click(
      screen.getByRole('link', { name: t.printBlankOf('June Reading Challenge') }),
    );
    await screen.findByRole('heading', { level: 1, name: 'June Reading Challenge' });
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(app.router.state.location.pathname).toBe(`/print/${currentGrid.id}`);
    expect(app.router.state.location.search).toBe('');
    expect(screen.queryByText('Dune')).not.toBeInTheDocument();
    // The request to print is used up: the history entry no longer carries it.
    await waitFor(() => expect(app.router.state.location.state).toBeNull());
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("opens the reader's card with their books and prints it", async () => {
    const app = await openBingo();

    await app.user.click(
      screen.getByRole('link', { name: t.printMineOf('June Reading Challenge') }),
    );
    await screen.findByRole('heading', { level: 1, name: 'June Reading Challenge' });
    expect(app.router.state.location.search).toBe('?filled=1');
    expect(screen.getByText('Dune')).toBeVisible();
    expect(screen.getByText(t.wildcard)).toBeVisible();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('offers a guest the blank card only', async () => {
    await openBingo({}, { user: buildGuest() });

    expect(
      screen.getByRole('link', { name: t.printBlankOf('June Reading Challenge') }),
    ).toHaveAttribute('href', `/print/${currentGrid.id}`);
    expect(screen.queryByRole('link', { name: /Print my card/ })).not.toBeInTheDocument();
  });
});

describe('Print on a club card', () => {
  it("offers every member each card's blank and own print", async () => {
    const club = buildClub({ id: 'c-print', role: 'member' });
    const app = await openClub(club, {
      'GET /api/clubs/c-print/cards': {
        body: {
          cards: [
            buildClubCard({ id: 'g-new', title: 'Winter Reads' }),
            buildClubCard({ id: 'g-old', title: 'Autumn Reads', isCurrent: false }),
          ],
        },
      },
    });
    const panel = await openClubTab(app, messages.clubs.tabCards);

    expect(
      await within(panel).findByRole('link', { name: t.printBlankOf('Winter Reads') }),
    ).toHaveAttribute('href', '/print/g-new');
    expect(
      within(panel).getByRole('link', { name: t.printMineOf('Winter Reads') }),
    ).toHaveAttribute('href', '/print/g-new?filled=1');
    expect(
      within(panel).getByRole('link', { name: t.printMineOf('Autumn Reads') }),
    ).toHaveAttribute('href', '/print/g-old?filled=1');
  });
});
