import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import type { AddFavouriteResponse } from '../../../../lib/schemas/recommendations';
import { apiErrorReply } from '../../../test-utils/mock-api';
import {
  buildOnboardingBook,
  buildQueue,
  buildRecommendationBook,
  buildState,
} from '../testing/recommendation-factories';
import {
  FAVOURITES,
  openRecommendations,
  QUEUE,
  SEARCH,
  steppedTimers,
} from '../testing/recommendations-harness';
import { recommendationTexts as texts } from '../texts';

const dune = buildOnboardingBook({ title: 'Dune', authors: 'Frank Herbert' });
const emma = buildOnboardingBook({ title: 'Emma', authors: 'Jane Austen' });

function favouriteReply(finishedCount: number): { status: number; body: AddFavouriteResponse } {
  return {
    status: 201,
    body: {
      message: messages.book.added,
      state: buildState(finishedCount),
      book: {
        isbn: dune.isbn,
        title: dune.title,
        author: dune.authors,
        coverUrl: dune.coverUrl,
        rating: null,
        review: null,
        ratedAt: null,
        finishedAt: '2026-05-01T10:00:00.000Z',
      },
    },
  };
}

async function searchBox() {
  return screen.findByRole('searchbox', { name: texts.searchLabel });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Recommendations onboarding', () => {
  it('explains the step and shows how many favourites are in', async () => {
    openRecommendations({}, buildState(2));

    expect(await screen.findByRole('heading', { name: texts.onboardingHeading })).toBeVisible();
    expect(screen.getByText(texts.progress(2, 5))).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: texts.progress(2, 5) });
    expect(progress).toHaveAttribute('value', '2');
    expect(progress).toHaveAttribute('max', '5');
  });

  it('searches once, 500 ms after the typing stops', async () => {
    const timers = steppedTimers();
    const { api, user } = openRecommendations(
      { [SEARCH]: { body: { books: [dune, emma] } } },
      buildState(0),
    );
    const box = await searchBox();

    // A pause shorter than the debounce between keys: still no search.
    await user.type(box, 'du');
    await timers.advance(SEARCH_DEBOUNCE_MS - 200);
    await user.type(box, 'ne');
    await timers.advance(SEARCH_DEBOUNCE_MS - 200);
    expect(api.requestsTo(SEARCH)).toHaveLength(0);

    await timers.advance(200);
    expect(await screen.findByText('Dune')).toBeInTheDocument();
    const searches = api.requestsTo(SEARCH);
    expect(searches).toHaveLength(1);
    expect(searches[0]?.search).toBe('?q=dune');

    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('img', { name: 'Cover of Dune' })).toBeInTheDocument();
    expect(within(results).getByText('Frank Herbert')).toBeInTheDocument();
    expect(within(results).getByText('Jane Austen')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      messages.bingo.booksFound(2),
    );
  });

  it('searches at once on Enter, without waiting for the debounce', async () => {
    steppedTimers();
    const { api, user } = openRecommendations(
      { [SEARCH]: { body: { books: [emma] } } },
      buildState(0),
    );

    await user.type(await searchBox(), 'emma{Enter}');

    expect(await screen.findByText('Emma')).toBeInTheDocument();
    expect(api.requestsTo(SEARCH)).toHaveLength(1);
  });

  it('says so when nothing is found', async () => {
    const { user } = openRecommendations({ [SEARCH]: { body: { books: [] } } }, buildState(0));
    await user.type(await searchBox(), 'zzz{Enter}');
    expect(await screen.findByText(messages.bingo.noBooksFound)).toBeInTheDocument();
  });

  it("adds a favourite with 'Book added successfully!' and counts it", async () => {
    const { api, user } = openRecommendations(
      { [SEARCH]: { body: { books: [dune] } }, [FAVOURITES]: favouriteReply(3) },
      buildState(2),
    );
    await user.type(await searchBox(), 'dune{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Add Dune' }));

    expect(await screen.findByText(messages.book.added)).toBeInTheDocument();
    expect(api.requestsTo(FAVOURITES)[0]?.body).toEqual({ isbn: dune.isbn });
    expect(screen.getByText(texts.progress(3, 5))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Added Dune' })).toBeDisabled();
  });

  it('tells, as information, that a favourite was already added', async () => {
    const { user } = openRecommendations(
      {
        [SEARCH]: { body: { books: [dune] } },
        [FAVOURITES]: apiErrorReply(409, messages.book.alreadyAdded, 'ALREADY_ADDED'),
      },
      buildState(2),
    );
    await user.type(await searchBox(), 'dune{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Add Dune' }));

    const toast = await screen.findByText(messages.book.alreadyAdded);
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--info');
    expect(screen.getByRole('button', { name: 'Added Dune' })).toBeDisabled();
  });

  it('ends by itself at the fifth favourite and shows the cards', async () => {
    const card = buildRecommendationBook({ title: 'The Left Hand of Darkness' });
    const { api, user } = openRecommendations(
      {
        [SEARCH]: { body: { books: [dune] } },
        [FAVOURITES]: favouriteReply(5),
        [QUEUE]: { body: buildQueue([card]) },
      },
      buildState(4),
    );
    await user.type(await searchBox(), 'dune{Enter}');
    expect(api.requestsTo(QUEUE)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Add Dune' }));

    expect(
      await screen.findByRole('button', { name: /^The Left Hand of Darkness by / }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: texts.searchLabel })).not.toBeInTheDocument();
    expect(api.requestsTo(QUEUE)).toHaveLength(1);
  });
});
