import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../../../lib/challenges';
import { messages } from '../../../../lib/messages';
import type { PopularBooksResponse } from '../../../../lib/schemas/season';
import { buildUser } from '../../../test-utils/factories';
import { buildPlacement, cellId } from '../testing/bingo-factories';
import { openBingo, square } from '../testing/bingo-harness';

// Issue 25: a square's sheet lists what other readers placed there, with counts, never names.
const UNDER_100 = DEFAULT_CHALLENGES[12];
const METAMORPHOSIS = '9780553213690';
const CANDIDE = '9780140440041';

const popular: PopularBooksResponse = {
  cellId: cellId(12),
  books: [
    {
      isbn: METAMORPHOSIS,
      title: 'The Metamorphosis',
      authors: 'Franz Kafka',
      coverUrl: `/api/books/${METAMORPHOSIS}/cover.svg`,
      readers: 12,
    },
    {
      isbn: CANDIDE,
      title: 'Candide',
      authors: 'Voltaire',
      coverUrl: `/api/books/${CANDIDE}/cover.svg`,
      readers: 3,
    },
  ],
};

describe('what others read for a square', () => {
  it('lists the books most used first, with how many readers, and one tap places one', async () => {
    const { user, api } = await openBingo({
      [`GET /api/bingo/cells/${cellId(12)}/popular`]: { body: popular },
      [`GET /api/bingo/cells/${cellId(12)}/fit`]: { body: { status: 'none', reason: null } },
      'POST /api/bingo/placements': {
        body: {
          placement: {
            ...buildPlacement({ bookIsbn: CANDIDE, bookTitle: 'Candide' }),
            cellId: cellId(12),
            position: 12,
          },
          outcome: 'placed',
          pointsEarned: 10,
          totalPoints: 50,
          message: messages.bingo.earnedPoints(10),
        },
      },
    });
    await user.click(square(UNDER_100));
    const dialog = screen.getByRole('dialog', { name: UNDER_100 });
    const others = await within(dialog).findByRole('region', { name: messages.popularBooks.title });
    const items = within(others).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('The Metamorphosis'),
      expect.stringContaining('Candide'),
    ]);
    expect(within(items[0]!).getByText(messages.popularBooks.usedBy(12))).toBeInTheDocument();
    expect(within(items[1]!).getByText('used by 3 readers')).toBeInTheDocument();

    await user.click(
      within(others).getByRole('button', { name: messages.popularBooks.placeLabel('Candide') }),
    );
    expect(await screen.findByText(messages.bingo.earnedPoints(10))).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bingo/placements')[0]?.body).toEqual({
      cellId: cellId(12),
      isbn: CANDIDE,
    });
  });

  it('says when no book has reached 3 readers yet', async () => {
    const { user } = await openBingo();
    await user.click(square(UNDER_100));
    const dialog = screen.getByRole('dialog', { name: UNDER_100 });
    const others = await within(dialog).findByRole('region', { name: messages.popularBooks.title });
    expect(within(others).getByText(messages.popularBooks.empty)).toBeInTheDocument();
  });

  it('is not asked for by a guest (the server answers them 403)', async () => {
    const { user, api } = await openBingo({}, { user: buildUser({ role: 'guest' }) });
    await user.click(square(UNDER_100));
    const dialog = screen.getByRole('dialog', { name: UNDER_100 });
    expect(await within(dialog).findByLabelText('Search for a book')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: messages.popularBooks.title })).toBeNull();
    expect(api.requestsTo(`GET /api/bingo/cells/${cellId(12)}/popular`)).toEqual([]);
  });
});
