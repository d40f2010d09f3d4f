import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../../../lib/challenges';
import { messages } from '../../../../lib/messages';
import type { GridSummary } from '../../../../lib/schemas/admin';
import { LIVE_EVENT, type BingoCardResponse } from '../../../../lib/schemas/bingo';
import type { ClubLeaderboardResponse } from '../../../../lib/schemas/clubs';
import { buildUser } from '../../../test-utils/factories';
import { mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { ME_QUERY_KEY, type MeResponse } from '../../../services/session-api';
import { buildCard, buildGrid, buildPlacement, cellId } from '../testing/bingo-factories';
import { currentGrid, noSuggestionRoutes, pastGrid, square } from '../testing/bingo-harness';

// Issue 12: the cards of the reader's clubs beside the shared card.
const HEDGEHOGS = { id: 'c-hedgehogs', name: 'Hedgehog Readers' };
const BADGERS = { id: 'c-badgers', name: 'Badger Book Club' };

const clubCard = buildGrid({
  id: 'g-hedgehogs-autumn',
  title: 'Autumn Club Card',
  createdAt: '2025-06-10T09:00:00.000Z',
  isCurrent: true,
  club: HEDGEHOGS,
  resetDate: '2099-12-31',
});
const pastClubCard = buildGrid({
  id: 'g-hedgehogs-spring',
  title: 'Spring Club Card',
  createdAt: '2025-03-10T09:00:00.000Z',
  isCurrent: false,
  club: HEDGEHOGS,
  resetDate: '2025-05-31',
});
const badgerCard = buildGrid({
  id: 'g-badgers',
  title: 'Badger Card',
  createdAt: '2025-06-05T09:00:00.000Z',
  isCurrent: true,
  club: BADGERS,
  resetDate: '2099-06-30',
});

/** As GET /api/grids may send them: club cards first, clubs in no particular order. */
const GRIDS: GridSummary[] = [clubCard, badgerCard, currentGrid, pastClubCard, pastGrid];

const cardRoute = (grid: GridSummary) => `GET /api/bingo/grids/${grid.id}`;

/** The shared card: 40 points, and the admin's reset date has passed. */
const sharedCard = buildCard({
  grid: currentGrid,
  points: 40,
  resetDate: '2020-01-31T23:59:59.000Z',
});
/** The Hedgehogs' card: the reader's 70 club points; its own reset date is far off. */
const hedgehogCard = buildCard({
  grid: clubCard,
  points: 70,
  resetDate: '2020-01-31T23:59:59.000Z',
  placements: { 2: buildPlacement({ bookTitle: 'Emma', bookIsbn: '9780141439587' }) },
});

function cardReplies(cards: BingoCardResponse[]): MockRoutes {
  const routes: MockRoutes = {};
  for (const card of cards) {
    routes[cardRoute(card.grid)] = { body: card };
    Object.assign(routes, noSuggestionRoutes(card.cells));
  }
  return routes;
}

async function openClubBingo(path: string, heading: string, routes: MockRoutes = {}) {
  const api = mockApi({
    'GET /api/me': { body: { user: buildUser() } },
    'GET /api/grids': { body: { grids: GRIDS } },
    ...cardReplies([
      sharedCard,
      hedgehogCard,
      buildCard({ grid: pastClubCard, points: 70 }),
      buildCard({ grid: badgerCard, points: 0 }),
      buildCard({ grid: pastGrid, points: 40 }),
    ]),
    ...routes,
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: heading });
  return { ...app, api };
}

const clubHeading = (grid: GridSummary) => `${grid.club?.name}: ${grid.title}`;
const selector = () => screen.getByRole('combobox', { name: 'Choose a grid' });

describe('grid selector with club cards', () => {
  it('groups the shared card first, then each club by name, and opens on the shared card', async () => {
    await openClubBingo('/bingo', currentGrid.title);

    const groups = within(selector()).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual([
      messages.clubs.sharedCard,
      BADGERS.name,
      HEDGEHOGS.name,
    ]);
    const optionsOf = (group: HTMLElement) =>
      within(group)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(optionsOf(groups[0]!)).toEqual([
      'June Reading Challenge · 1 Jun 2025',
      `May Reading Challenge · 1 May 2025 · ${messages.bingo.pastChallenge}`,
    ]);
    expect(optionsOf(groups[1]!)).toEqual(['Badger Card · 5 Jun 2025']);
    expect(optionsOf(groups[2]!)).toEqual([
      'Autumn Club Card · 10 Jun 2025',
      `Spring Club Card · 10 Mar 2025 · ${messages.bingo.pastChallenge}`,
    ]);
    expect(selector()).toHaveValue(currentGrid.id);
    // A closed select reads out only its option: the group is its description, and is shown.
    expect(selector()).toHaveAccessibleDescription(messages.clubs.sharedCard);
  });

  it('keeps a plain list without groups when the reader is in no club', async () => {
    mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/grids': { body: { grids: [currentGrid, pastGrid] } },
      ...cardReplies([sharedCard]),
    });
    renderApp('/bingo');
    await screen.findByRole('heading', { level: 2, name: currentGrid.title });

    expect(within(selector()).queryAllByRole('group')).toHaveLength(0);
    expect(within(selector()).getAllByRole('option')).toHaveLength(2);
    expect(selector()).not.toHaveAccessibleDescription();
  });
});

describe('?grid= opens a given card', () => {
  it('opens the club card a link names, and keeps the chosen grid in the address', async () => {
    const { user, router, api } = await openClubBingo(
      `/bingo?grid=${clubCard.id}`,
      clubHeading(clubCard),
    );

    expect(selector()).toHaveValue(clubCard.id);
    expect(selector()).toHaveAccessibleDescription(HEDGEHOGS.name);
    expect(api.requestsTo(cardRoute(currentGrid))).toHaveLength(0);

    await user.selectOptions(selector(), currentGrid.id);
    expect(
      await screen.findByRole('heading', { level: 2, name: currentGrid.title }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?grid=${currentGrid.id}`);

    await user.selectOptions(selector(), badgerCard.id);
    expect(
      await screen.findByRole('heading', { level: 2, name: clubHeading(badgerCard) }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?grid=${badgerCard.id}`);
  });

  it('asks for the grid list again, once, for a card it does not list yet', async () => {
    const fresh = buildGrid({ id: 'g-new', title: 'Brand New Card', club: HEDGEHOGS });
    // The list was read before the card was made; read again, it has it.
    let reads = 0;
    const api = mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/grids': () => {
        reads += 1;
        return { body: { grids: reads === 1 ? [currentGrid] : [fresh, currentGrid] } };
      },
      ...cardReplies([sharedCard, buildCard({ grid: fresh, points: 0 })]),
    });
    renderApp(`/bingo?grid=${fresh.id}`);
    await screen.findByRole('heading', { level: 2, name: clubHeading(fresh) });

    await waitFor(() => expect(selector()).toHaveValue(fresh.id));
    expect(api.requestsTo('GET /api/grids')).toHaveLength(2);
  });
});

describe('a club card', () => {
  it('names its club, counts club points, and counts down to its own reset date', async () => {
    await openClubBingo(`/bingo?grid=${clubCard.id}`, clubHeading(clubCard));

    const board = screen.getByRole('region', { name: clubHeading(clubCard) });
    expect(within(board).getByText(HEDGEHOGS.name)).toBeVisible();
    expect(within(board).getByText(messages.clubs.clubPoints)).toBeVisible();
    expect(within(board).getByText(messages.bingo.pointsLabel(70))).toBeVisible();
    expect(within(board).getByRole('status')).toHaveTextContent(`${messages.clubs.clubPoints}: 70`);
    // The admin's date has passed; the card's own (2099-12-31) has not.
    expect(within(board).getByText(/^\d+ days left$/)).toBeVisible();
    expect(within(board).queryByText(messages.bingo.timesUp)).not.toBeInTheDocument();
    expect(within(board).getByRole('button', { name: 'Reset Grid' })).toBeEnabled();
  });

  it("says Time's up! once its own date has passed, whatever the admin's date", async () => {
    const ending = buildGrid({ ...clubCard, id: 'g-ending', resetDate: '2020-02-29' });
    mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/grids': { body: { grids: [currentGrid, ending] } },
      ...cardReplies([buildCard({ grid: ending, points: 5, resetDate: null })]),
    });
    renderApp(`/bingo?grid=${ending.id}`);
    await screen.findByRole('heading', { level: 2, name: clubHeading(ending) });

    expect(screen.getByText(messages.bingo.timesUp)).toBeVisible();
  });

  it('is read-only once past, exactly as a past shared grid is', async () => {
    const { user, api } = await openClubBingo(
      `/bingo?grid=${pastClubCard.id}`,
      clubHeading(pastClubCard),
    );

    expect(screen.getByText(messages.bingo.pastChallenge, { selector: '.badge' })).toBeVisible();
    expect(screen.getByText(messages.bingo.historicalGrid)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reset Grid' })).not.toBeInTheDocument();
    expect(screen.queryByText(messages.clubs.clubPoints)).not.toBeInTheDocument();
    const first = square(DEFAULT_CHALLENGES[0]);
    expect(first).toHaveAccessibleName(`${DEFAULT_CHALLENGES[0]}. Not marked. Read-only`);

    await user.click(first);
    const sheet = screen.getByRole('dialog', { name: DEFAULT_CHALLENGES[0] });
    expect(within(sheet).getByText(messages.bingo.historicalGrid)).toBeInTheDocument();
    expect(within(sheet).queryByRole('searchbox')).not.toBeInTheDocument();
    expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(0);
  });

  it("places a book: the club points move, the shared card's and the reader's own do not", async () => {
    const placedTitle = 'The Hobbit';
    let card = hedgehogCard;
    // The shared card is seen first, so its 40 points are in the cache when the club card scores.
    const { user, api, queryClient } = await openClubBingo('/bingo', currentGrid.title, {
      [cardRoute(clubCard)]: () => ({ body: card }),
      'GET /api/books/search': {
        body: {
          books: [
            {
              isbn: '9780261103344',
              title: placedTitle,
              authors: 'J. R. R. Tolkien',
              genre: 'Fantasy',
              publishedDate: '1937',
              coverUrl: '/api/books/9780261103344/cover.svg',
            },
          ],
        },
      },
      'POST /api/bingo/placements': () => {
        card = buildCard({
          grid: clubCard,
          points: 80,
          placements: { 5: buildPlacement({ bookIsbn: '9780261103344', bookTitle: placedTitle }) },
        });
        return {
          body: {
            placement: {
              ...buildPlacement({ bookIsbn: '9780261103344', bookTitle: placedTitle }),
              cellId: cellId(5),
              position: 5,
            },
            outcome: 'placed',
            pointsEarned: 10,
            totalPoints: 80,
            message: messages.bingo.earnedPoints(10),
          },
        };
      },
    });
    const pointsBefore = queryClient.getQueryData<MeResponse>(ME_QUERY_KEY)?.user?.points;
    await user.selectOptions(selector(), clubCard.id);
    await screen.findByRole('heading', { level: 2, name: clubHeading(clubCard) });
    await user.click(square(DEFAULT_CHALLENGES[5]));
    // The search sheet is a part loaded on first use: it may open a moment after the click.
    const dialog = await screen.findByRole('dialog', { name: DEFAULT_CHALLENGES[5] });
    await user.type(within(dialog).getByLabelText('Search for a book'), 'hobbit{Enter}');
    await user.click(await within(dialog).findByRole('button', { name: `Choose ${placedTitle}` }));

    expect(await screen.findByText(messages.bingo.earnedPoints(10))).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getAllByRole('status').some((s) => s.textContent === 'Your club points: 80'),
      ).toBe(true),
    );
    expect(api.requestsTo('POST /api/bingo/placements')[0]?.body).toEqual({
      cellId: cellId(5),
      isbn: '9780261103344',
    });

    await user.keyboard('{Escape}');
    await user.selectOptions(selector(), currentGrid.id);
    await screen.findByRole('heading', { level: 2, name: currentGrid.title });
    expect(await screen.findByText(messages.bingo.pointsLabel(40))).toBeVisible();
    expect(screen.queryByText(messages.bingo.pointsLabel(80))).not.toBeInTheDocument();
    expect(queryClient.getQueryData<MeResponse>(ME_QUERY_KEY)?.user?.points).toBe(pointsBefore);
    expect(api.requestsTo(cardRoute(currentGrid))).toHaveLength(1);
  });
});

/** Stands in for the browser's EventSource; the test pushes the server's events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  private readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {}
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }
}

describe('a club card and live updates', () => {
  it("keeps its club points when the reader's shared total moves", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { api, queryClient } = await openClubBingo(
      `/bingo?grid=${clubCard.id}`,
      clubHeading(clubCard),
    );
    const cardReads = api.requestsTo(cardRoute(clubCard)).length;

    act(() => FakeEventSource.last?.emit(LIVE_EVENT.points, { totalPoints: 999 }));

    // The reader's own total takes the new figure; the club card neither shows it nor reloads.
    await waitFor(() =>
      expect(queryClient.getQueryData<MeResponse>(ME_QUERY_KEY)?.user?.points).toBe(999),
    );
    expect(screen.getByRole('status')).toHaveTextContent(`${messages.clubs.clubPoints}: 70`);
    expect(screen.queryByText(messages.bingo.pointsLabel(999))).not.toBeInTheDocument();
    expect(api.requestsTo(cardRoute(clubCard))).toHaveLength(cardReads);
  });

  it("shows the club's leaderboard, and refetches it on a leaderboard event", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let mine = 70;
    const board = (): ClubLeaderboardResponse => ({
      entries: [
        { rank: 1, userId: 'u-hazel', username: 'hazel', points: 120, isViewer: false },
        { rank: 2, userId: 'u-me', username: 'bramble', points: mine, isViewer: true },
      ],
    });
    const { user, api } = await openClubBingo(`/bingo?grid=${clubCard.id}`, clubHeading(clubCard), {
      [`GET /api/clubs/${HEDGEHOGS.id}/leaderboard`]: () => ({ body: board() }),
    });

    await user.click(screen.getByRole('button', { name: 'View Leaderboard' }));
    const dialog = screen.getByRole('dialog', { name: messages.clubs.leaderboard });
    expect(within(dialog).getByText(HEDGEHOGS.name)).toBeVisible();
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('img', { name: 'First place' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('you')).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/leaderboard')).toHaveLength(0);

    mine = 130;
    act(() => FakeEventSource.last?.emit(LIVE_EVENT.leaderboard, {}));

    expect(await within(dialog).findByText(messages.bingo.pointsLabel(130))).toBeInTheDocument();
    expect(api.requestsTo(`GET /api/clubs/${HEDGEHOGS.id}/leaderboard`)).toHaveLength(2);
  });
});
