import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import type { GridSummary } from '../../../../lib/schemas/admin';
import { buildUser } from '../../../test-utils/factories';
import { apiErrorReply, mockApi, type MockHandler } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { buildCard, buildGrid } from '../testing/bingo-factories';
import { currentGrid, noSuggestionRoutes, pastGrid } from '../testing/bingo-harness';

// Issue 22: GET /api/grids lists each scope's newest cards; older ones come a page at a time.
const april = buildGrid({
  id: 'g-april',
  title: 'April Reading Challenge',
  createdAt: '2025-04-01T09:00:00.000Z',
  isCurrent: false,
});
const march = buildGrid({
  id: 'g-march',
  title: 'March Reading Challenge',
  createdAt: '2025-03-01T09:00:00.000Z',
  isCurrent: false,
});
const HEDGEHOGS = { id: 'c-hedgehogs', name: 'Hedgehog Readers' };
const clubCard = buildGrid({
  id: 'g-club-now',
  title: 'Club Card',
  createdAt: '2025-06-10T09:00:00.000Z',
  isCurrent: true,
  club: HEDGEHOGS,
  resetDate: '2099-12-31',
});
const oldClubCard = buildGrid({
  id: 'g-club-old',
  title: 'Old Club Card',
  createdAt: '2024-06-10T09:00:00.000Z',
  isCurrent: false,
  club: HEDGEHOGS,
  resetDate: '2024-12-31',
});

const selector = () => screen.getByRole('combobox', { name: 'Choose a grid' });
const optionTexts = () =>
  within(selector())
    .getAllByRole('option')
    .map((option) => option.textContent);

function openBingo(grids: GridSummary[], more: unknown[], past: MockHandler) {
  const card = buildCard({ grid: currentGrid });
  const api = mockApi({
    'GET /api/me': { body: { user: buildUser() } },
    'GET /api/grids': { body: { grids, more } },
    [`GET /api/bingo/grids/${currentGrid.id}`]: { body: card },
    ...noSuggestionRoutes(card.cells),
    'GET /api/grids/past': past,
  });
  const app = renderApp('/bingo');
  return { ...app, api };
}

describe('more past cards in the grid selector', () => {
  it('loads older cards a page at a time, keeps the chosen card, and ends when there are no more', async () => {
    const pages: Record<string, unknown> = {
      '?cursor=c1': { grids: [april], cursor: 'c2' },
      '?cursor=c2': { grids: [march], cursor: null },
    };
    const { user, api } = openBingo(
      [currentGrid, pastGrid],
      [{ clubId: null, cursor: 'c1' }],
      (request) => ({ body: pages[request.search] }),
    );
    await screen.findByRole('heading', { level: 2, name: currentGrid.title });
    expect(optionTexts()).toHaveLength(3);
    expect(optionTexts().at(-1)).toBe(messages.bingo.morePastCards);

    await user.selectOptions(selector(), messages.bingo.morePastCards);
    await waitFor(() =>
      expect(optionTexts()).toContain(
        `April Reading Challenge · 1 Apr 2025 · ${messages.bingo.pastChallenge}`,
      ),
    );
    expect(selector()).toHaveValue(currentGrid.id);
    expect(optionTexts().at(-1)).toBe(messages.bingo.morePastCards);

    await user.selectOptions(selector(), messages.bingo.morePastCards);
    await waitFor(() => expect(optionTexts()).toHaveLength(4));
    expect(optionTexts()).not.toContain(messages.bingo.morePastCards);
    expect(optionTexts().at(-1)).toBe(
      `March Reading Challenge · 1 Mar 2025 · ${messages.bingo.pastChallenge}`,
    );
    expect(api.requestsTo('GET /api/grids/past').map((r) => r.search)).toEqual([
      '?cursor=c1',
      '?cursor=c2',
    ]);
  });

  it('says when a page failed, and tries again when chosen', async () => {
    let calls = 0;
    const { user } = openBingo([currentGrid, pastGrid], [{ clubId: null, cursor: 'c1' }], () => {
      calls += 1;
      return calls === 1
        ? apiErrorReply(500, 'Something went wrong.')
        : { body: { grids: [april], cursor: null } };
    });
    await screen.findByRole('heading', { level: 2, name: currentGrid.title });

    await user.selectOptions(selector(), messages.bingo.morePastCards);
    await waitFor(() => expect(optionTexts().at(-1)).toBe(messages.bingo.pastCardsFailed));
    expect(selector()).toHaveValue(currentGrid.id);

    await user.selectOptions(selector(), messages.bingo.pastCardsFailed);
    await waitFor(() =>
      expect(optionTexts().at(-1)).toBe(
        `April Reading Challenge · 1 Apr 2025 · ${messages.bingo.pastChallenge}`,
      ),
    );
    expect(calls).toBe(2);
  });

  it("asks for a club's older cards by its id, inside the club's group", async () => {
    const { user, api } = openBingo(
      [clubCard, currentGrid],
      [{ clubId: HEDGEHOGS.id, cursor: 'k1' }],
      () => ({ body: { grids: [oldClubCard], cursor: null } }),
    );
    await screen.findByRole('heading', { level: 2, name: currentGrid.title });
    const clubGroup = () =>
      within(selector())
        .getAllByRole('group')
        .find((group) => group.getAttribute('label') === HEDGEHOGS.name)!;
    expect(
      within(clubGroup()).getByRole('option', { name: messages.bingo.morePastCards }),
    ).toBeTruthy();

    await user.selectOptions(selector(), messages.bingo.morePastCards);
    await waitFor(() =>
      expect(
        within(clubGroup())
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'Club Card · 10 Jun 2025',
        `Old Club Card · 10 Jun 2024 · ${messages.bingo.pastChallenge}`,
      ]),
    );
    const params = new URLSearchParams(api.requestsTo('GET /api/grids/past')[0]!.search);
    expect(Object.fromEntries(params)).toEqual({ cursor: 'k1', club: HEDGEHOGS.id });
  });
});
