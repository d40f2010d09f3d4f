import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../../../lib/challenges';
import { messages } from '../../../../lib/messages';
import type { SuggestionsResponse } from '../../../../lib/schemas/suggestions';
import { buildPlacement, cellId } from '../testing/bingo-factories';
import { openBingo, square } from '../testing/bingo-harness';

// Issue 11: the square's sheet offers the books that fit, and warns before a book that fails.
const UNDER_100 = DEFAULT_CHALLENGES[12];
const METAMORPHOSIS = '9780553213690';
const INTERVIEW = '9780345337665';

const suggestions: SuggestionsResponse = {
  squares: [
    {
      cellId: cellId(12),
      position: 12,
      points: 60,
      checkable: true,
      hint: null,
      suggestions: [
        {
          isbn: METAMORPHOSIS,
          title: 'The Metamorphosis',
          authors: 'Franz Kafka',
          coverUrl: `/api/books/${METAMORPHOSIS}/cover.svg`,
          source: 'wantToRead',
          reason: '64 pages: under 100',
          usesWildcard: false,
        },
      ],
    },
  ],
};

function placed(isbn: string, title: string) {
  return {
    body: {
      placement: {
        ...buildPlacement({ bookIsbn: isbn, bookTitle: title }),
        cellId: cellId(12),
        position: 12,
      },
      outcome: 'placed',
      pointsEarned: 10,
      totalPoints: 50,
      message: messages.bingo.earnedPoints(10),
    },
  };
}

describe('books that fit a square', () => {
  it('are offered with their reasons before a search, and one tap places one', async () => {
    const { user, api } = await openBingo({
      [`GET /api/bingo/cells/${cellId(12)}/suggestions`]: { body: suggestions },
      [`GET /api/bingo/cells/${cellId(12)}/fit`]: {
        body: { status: 'meets', reason: '64 pages: under 100' },
      },
      'POST /api/bingo/placements': placed(METAMORPHOSIS, 'The Metamorphosis'),
    });
    await user.click(square(UNDER_100));
    const dialog = screen.getByRole('dialog', { name: UNDER_100 });
    const fitting = await within(dialog).findByRole('region', {
      name: new RegExp(`^${messages.fit.suggestionsTitle}`),
    });
    expect(within(fitting).getByText(messages.fit.unlocks(60))).toBeInTheDocument();
    expect(within(fitting).getByText('64 pages: under 100')).toBeInTheDocument();
    expect(within(fitting).getByText(messages.fit.fromWantToRead)).toBeInTheDocument();

    await user.click(
      within(fitting).getByRole('button', { name: `${messages.fit.place} The Metamorphosis` }),
    );
    expect(await screen.findByText(messages.bingo.earnedPoints(10))).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bingo/placements')[0]?.body).toEqual({
      cellId: cellId(12),
      isbn: METAMORPHOSIS,
    });
  });

  it('says which fact of the reader a square needs, with a way to set it (issue 12)', async () => {
    const BIRTH_YEAR = DEFAULT_CHALLENGES[0];
    const { user } = await openBingo({
      [`GET /api/bingo/cells/${cellId(0)}/suggestions`]: {
        body: {
          squares: [
            {
              cellId: cellId(0),
              position: 0,
              points: 10,
              checkable: true,
              suggestions: [],
              hint: messages.fit.needBirthYear,
            },
          ],
        } satisfies SuggestionsResponse,
      },
    });
    await user.click(square(BIRTH_YEAR));
    const dialog = screen.getByRole('dialog', { name: BIRTH_YEAR });
    const fitting = await within(dialog).findByRole('region', {
      name: new RegExp(`^${messages.fit.suggestionsTitle}`),
    });

    expect(
      within(fitting).getByText('Add your birth year to your profile to check this square.'),
    ).toBeInTheDocument();
    expect(within(fitting).queryByText(messages.fit.noSuggestions)).not.toBeInTheDocument();
    expect(within(fitting).getByRole('link', { name: messages.fit.editProfile })).toHaveAttribute(
      'href',
      '/profile?edit=profile',
    );
  });

  it('warns before a book that fails the rule, and places it anyway when asked', async () => {
    const warning = messages.fit.warning.pages(342, 'under', 100);
    const { user, api } = await openBingo({
      'GET /api/books/search': {
        body: {
          books: [
            {
              isbn: INTERVIEW,
              title: 'Interview with the Vampire',
              authors: 'Anne Rice',
              genre: 'Horror',
              publishedDate: '1976',
              coverUrl: `/api/books/${INTERVIEW}/cover.svg`,
            },
          ],
        },
      },
      [`GET /api/bingo/cells/${cellId(12)}/fit`]: { body: { status: 'fails', reason: warning } },
      'POST /api/bingo/placements': placed(INTERVIEW, 'Interview with the Vampire'),
    });
    await user.click(square(UNDER_100));
    const dialog = screen.getByRole('dialog', { name: UNDER_100 });
    await user.type(within(dialog).getByLabelText('Search for a book'), 'interview{Enter}');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Choose Interview with the Vampire' }),
    );

    const alert = await screen.findByRole('alertdialog', { name: UNDER_100 });
    expect(within(alert).getByText(warning)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: messages.fit.placeAnyway }));
    expect(await screen.findByText(messages.bingo.earnedPoints(10))).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(1);
  });

  it('shows how many finished books fit, and places them only when asked', async () => {
    const { user, api } = await openBingo({
      'GET /api/bingo/fitting-books': {
        body: {
          books: [
            {
              cellId: cellId(1),
              position: 1,
              challenge: DEFAULT_CHALLENGES[1],
              isbn: '9781449474256',
              title: 'Milk and Honey',
              reason: 'subject Poetry: poetry',
              points: 10,
            },
          ],
          message: messages.fit.booksFit(1),
        },
      },
      'POST /api/bingo/fitting-books': {
        body: { placed: 1, totalPoints: 50, message: messages.fit.placedThem(1) },
      },
    });
    expect(await screen.findByText(messages.fit.booksFit(1))).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bingo/fitting-books')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: messages.fit.placeThem }));
    expect(await screen.findByText(messages.fit.placedThem(1))).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bingo/fitting-books')).toHaveLength(1);
  });
});
