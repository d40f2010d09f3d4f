import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../../../lib/challenges';
import { messages } from '../../../../lib/messages';
import type { BingoCardResponse } from '../../../../lib/schemas/bingo';
import type { MockRoutes } from '../../../test-utils/mock-api';
import { buildBook, buildCard, cellId } from '../testing/bingo-factories';
import { CURRENT_CARD, currentGrid, openBingo, square } from '../testing/bingo-harness';

/**
 * Issue 9: the points of a placement and the review posted right after it are one toast (two
 * lines), not two toasts stacked over the page.
 */
const hobbit = buildBook({ isbn: '9780547928227', title: 'The Hobbit', authors: 'J.R.R. Tolkien' });
const POEMS = DEFAULT_CHALLENGES[1];

function server(): MockRoutes {
  let card: BingoCardResponse = buildCard({ grid: currentGrid, points: 0 });
  const placement = {
    bookIsbn: hobbit.isbn ?? '',
    bookTitle: hobbit.title,
    coverUrl: hobbit.coverUrl,
    isWildcard: false,
    points: 10,
  };
  return {
    'GET /api/books/search': { body: { books: [hobbit] } },
    [CURRENT_CARD]: () => ({ body: card }),
    'POST /api/bingo/placements': () => {
      card = {
        ...card,
        points: 10,
        cells: card.cells.map((c) => (c.id === cellId(1) ? { ...c, placement } : c)),
      };
      return {
        body: {
          placement: { ...placement, cellId: cellId(1), position: 1 },
          outcome: 'placed',
          pointsEarned: 10,
          totalPoints: 10,
          message: messages.bingo.earnedPoints(10),
        },
      };
    },
    'POST /api/reviews': { status: 201, body: { message: messages.review.posted, post: {} } },
  };
}

describe('toasts of a placement and its review', () => {
  it('join in one toast when the review is posted while the points are on screen', async () => {
    const { user } = await openBingo(server());
    await user.click(square(POEMS));
    const sheet = screen.getByRole('dialog', { name: POEMS });
    await user.type(within(sheet).getByLabelText('Search for a book'), 'hobbit{Enter}');
    await user.click(await within(sheet).findByRole('button', { name: 'Choose The Hobbit' }));
    await screen.findByText(messages.bingo.earnedPoints(10));

    const review = await screen.findByRole('dialog', { name: 'Write a review' });
    await user.type(within(review).getByRole('textbox', { name: 'Your review' }), 'Lovely');
    await user.click(within(review).getByRole('radio', { name: '5 stars' }));
    await user.click(within(review).getByRole('button', { name: 'Submit Review' }));

    const posted = await screen.findByText(messages.review.posted);
    const toasts = document.querySelectorAll('.Toastify__toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toContainElement(posted);
    expect(toasts[0]).toHaveTextContent(messages.bingo.earnedPoints(10));
  });
});
