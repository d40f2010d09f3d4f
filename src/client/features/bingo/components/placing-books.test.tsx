import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../../../lib/challenges';
import { REVIEW_MAX } from '../../../../lib/limits';
import { LIVE_EVENT } from '../../../../lib/live-events';
import { messages } from '../../../../lib/messages';
import type {
  BingoCardResponse,
  CellPlacement,
  PlaceBookResponse,
} from '../../../../lib/schemas/bingo';
import { buildGuest } from '../../../test-utils/factories';
import { clickTwiceAtOnce } from '../../../test-utils/double-click';
import {
  apiErrorReply,
  heldReply,
  type MockReply,
  type MockRoutes,
} from '../../../test-utils/mock-api';
import { buildBook, buildCard, buildPlacement, cellId } from '../testing/bingo-factories';
import { CURRENT_CARD, currentGrid, openBingo, square } from '../testing/bingo-harness';

const hobbit = buildBook({ isbn: '9780547928227', title: 'The Hobbit', authors: 'J.R.R. Tolkien' });
const noIsbn = buildBook({ isbn: null, title: 'A Pamphlet', authors: 'Anonymous' });
const POEMS = DEFAULT_CHALLENGES[1];

function searchRoute(books = [hobbit, noIsbn]): MockRoutes {
  return { 'GET /api/books/search': { body: { books } } };
}

async function openSearch(routes: MockRoutes = {}, options?: Parameters<typeof openBingo>[1]) {
  const app = await openBingo({ ...searchRoute(), ...routes }, options);
  await app.user.click(square(POEMS));
  const dialog = screen.getByRole('dialog', { name: POEMS });
  return { ...app, dialog };
}

/** A server that places the Hobbit on square 1 and then serves the updated card. */
function placingServer(
  reply: Partial<PlaceBookResponse> = {},
  onSquare: CellPlacement | null = null,
): MockRoutes {
  const placements: Record<number, CellPlacement> = { 0: buildPlacement({ isWildcard: true }) };
  if (onSquare) placements[1] = onSquare;
  let card: BingoCardResponse = buildCard({ grid: currentGrid, points: 40, placements });
  const placement = {
    bookIsbn: hobbit.isbn ?? '',
    bookTitle: hobbit.title,
    coverUrl: hobbit.coverUrl,
    isWildcard: false,
    points: 10,
  };
  return {
    [CURRENT_CARD]: () => ({ body: card }),
    'POST /api/bingo/placements': () => {
      card = {
        ...card,
        points: 50,
        cells: card.cells.map((c) => (c.id === cellId(1) ? { ...c, placement } : c)),
      };
      return {
        body: {
          placement: { ...placement, cellId: cellId(1), position: 1 },
          outcome: 'placed',
          pointsEarned: 10,
          totalPoints: 50,
          message: messages.bingo.earnedPoints(10),
          ...reply,
        },
      };
    },
  };
}

describe('Search modal', () => {
  it('stays closed when a search answers after the reader closed the sheet', async () => {
    const answer = heldReply();
    const { user, api, dialog, queryClient } = await openSearch({
      'GET /api/books/search': answer.handler,
    });
    await user.type(within(dialog).getByLabelText('Search for a book'), 'hobbit{Enter}');
    await waitFor(() => expect(api.requestsTo('GET /api/books/search')).toHaveLength(1));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    answer.send({ body: { books: [hobbit] } });
    // The search has been handled once its mutation has succeeded: only then is 'closed' proof.
    await waitFor(() =>
      expect(
        queryClient
          .getMutationCache()
          .getAll()
          .map((mutation) => mutation.state.status),
      ).toContain('success'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is titled with the challenge and searches on Enter', async () => {
    const { user, api, dialog } = await openSearch();

    const box = within(dialog).getByRole('searchbox', { name: 'Search for a book' });
    expect(box).toHaveFocus();
    await user.type(box, '  hobbit {Enter}');

    expect(await within(dialog).findByText('The Hobbit')).toBeInTheDocument();
    expect(api.requestsTo('GET /api/books/search')[0]?.search).toBe('?q=hobbit');
    expect(within(dialog).getByRole('status', { name: '' })).toHaveTextContent(
      messages.bingo.booksFound(2),
    );
  });

  it('searches on the Search button and shows cover, authors, View Book and Choose', async () => {
    const { user, api, dialog } = await openSearch();

    await user.type(within(dialog).getByLabelText('Search for a book'), 'Hobbit');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));

    const results = await within(dialog).findByRole('list', { name: 'Search results' });
    expect(api.requestsTo('GET /api/books/search')).toHaveLength(1);
    const [first, second] = within(results).getAllByRole('listitem');
    expect(within(first!).getByRole('img', { name: 'Cover of The Hobbit' })).toBeInTheDocument();
    expect(within(first!).getByText('J.R.R. Tolkien')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: /View Book/ })).toHaveAttribute(
      'href',
      '/book/9780547928227',
    );
    expect(within(first!).getByRole('button', { name: 'Choose The Hobbit' })).toBeEnabled();
    // A result without an ISBN can be seen but not placed, and says why.
    expect(within(second!).queryByRole('link', { name: /View Book/ })).not.toBeInTheDocument();
    const choose = within(second!).getByRole('button', { name: 'Choose A Pamphlet' });
    expect(choose).toBeDisabled();
    expect(choose).toHaveAccessibleDescription(messages.bingo.invalidIsbn);
  });

  it('says so when nothing was found', async () => {
    const { user, dialog } = await openSearch(searchRoute([]));
    await user.type(within(dialog).getByLabelText('Search for a book'), 'zzzz{Enter}');

    expect(await within(dialog).findByText(messages.bingo.noBooksFound)).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
  });

  it('does not search for an empty term', async () => {
    const { user, api, dialog } = await openSearch();
    await user.type(within(dialog).getByLabelText('Search for a book'), '   {Enter}');

    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.book.searchTermRequired);
    expect(api.requestsTo('GET /api/books/search')).toHaveLength(0);
  });

  it("shows the server's rate-limit text, and the spec's text when the search fails", async () => {
    let reply: MockReply = apiErrorReply(429, messages.rateLimit.bookSearches, 'RATE_LIMITED');
    const { user, dialog } = await openSearch({ 'GET /api/books/search': () => reply });
    const box = within(dialog).getByLabelText('Search for a book');

    await user.type(box, 'dune{Enter}');
    expect(await screen.findByText(messages.rateLimit.bookSearches)).toBeInTheDocument();

    reply = apiErrorReply(500, 'database exploded');
    await user.type(box, '{Enter}');
    expect(await screen.findByText(messages.bingo.searchFailed)).toBeInTheDocument();
    expect(screen.queryByText('database exploded')).not.toBeInTheDocument();
  });

  it('closes with Close', async () => {
    const { user, dialog } = await openSearch();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(square(POEMS)).toHaveFocus();
  });
});

async function searchAndChoose(routes: MockRoutes, options?: Parameters<typeof openBingo>[1]) {
  const app = await openSearch(routes, options);
  await app.user.type(within(app.dialog).getByLabelText('Search for a book'), 'hobbit{Enter}');
  await app.user.click(
    await within(app.dialog).findByRole('button', { name: 'Choose The Hobbit' }),
  );
  return app;
}

describe('Placing a book', () => {
  it("places it, toasts the server's message, updates the card and points, then offers a review", async () => {
    const { api } = await searchAndChoose(placingServer());

    expect(await screen.findByText(messages.bingo.earnedPoints(10))).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bingo/placements')[0]?.body).toEqual({
      cellId: cellId(1),
      isbn: '9780547928227',
    });
    const review = await screen.findByRole('dialog', { name: 'Write a review' });
    expect(within(review).getByText('The Hobbit')).toBeInTheDocument();
    expect(within(review).getByRole('img', { name: 'Cover of The Hobbit' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: POEMS })).not.toBeInTheDocument();
    expect(square(POEMS)).toHaveAccessibleName(`${POEMS}. Marked with The Hobbit`);
    expect(await screen.findByText(messages.bingo.pointsLabel(50))).toBeInTheDocument();
  });

  it('offers a review for a replacement book too, with the no-points message', async () => {
    const replaced = {
      outcome: 'replaced' as const,
      pointsEarned: 0,
      totalPoints: 40,
      message: messages.bingo.bookReplaced,
    };
    await searchAndChoose(placingServer(replaced, buildPlacement({ bookTitle: 'Emma' })));

    expect(await screen.findByText(messages.bingo.bookReplaced)).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Write a review' })).toBeInTheDocument();
    expect(square(POEMS)).toHaveAccessibleName(`${POEMS}. Marked with The Hobbit`);
  });

  it('offers no second review when the square already held the same book', async () => {
    const same = {
      outcome: 'unchanged' as const,
      pointsEarned: 0,
      totalPoints: 40,
      message: messages.bingo.bookReplaced,
    };
    const onSquare = buildPlacement({ bookIsbn: '9780547928227', bookTitle: 'The Hobbit' });
    await searchAndChoose(placingServer(same, onSquare));

    expect(await screen.findByText(messages.bingo.bookReplaced)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['wildcard used', 409, messages.bingo.wildcardUsed],
    ['book used twice', 409, messages.bingo.bookUsedTwice],
    ['invalid ISBN', 400, messages.bingo.invalidIsbn],
    ['historical grid', 403, messages.bingo.historicalGrid],
  ])(
    'shows a refusal (%s) in the server words, keeps the search open and offers no review',
    async (_name, status, text) => {
      const { dialog } = await searchAndChoose({
        'POST /api/bingo/placements': apiErrorReply(status, text),
      });

      expect(await screen.findByText(text, { selector: '.Toastify *' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Write a review' })).not.toBeInTheDocument();
      expect(dialog).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Choose The Hobbit' })).toBeEnabled();
      expect(screen.queryByText(messages.bingo.earnedPoints(10))).not.toBeInTheDocument();
    },
  );

  it('lets a guest search but shows the refusal when they place', async () => {
    await searchAndChoose(
      {
        'POST /api/bingo/placements': apiErrorReply(403, messages.bingo.mustLogInToSave),
      },
      { user: buildGuest() },
    );

    expect(await screen.findByText(messages.bingo.mustLogInToSave)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to save book.' when the server fails", async () => {
    await searchAndChoose({ 'POST /api/bingo/placements': apiErrorReply(500, 'boom') });
    expect(await screen.findByText(messages.bingo.saveBookFailed)).toBeInTheDocument();
  });
});

/** Stands in for the browser's EventSource; the test pushes the server's live updates. */
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

describe('The live update wins the race with the placement (issue 22)', () => {
  it('still offers the review and toasts the points when the card was refetched first', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const server = placingServer();
    const placed = server['POST /api/bingo/placements'];
    if (typeof placed !== 'function') throw new Error('the placing server answers by a function');
    const answer = heldReply();
    let reply: MockReply | undefined;
    const { api } = await searchAndChoose({
      ...server,
      // The server has placed the book (its card holds it) but its answer is held on the way.
      'POST /api/bingo/placements': (request) => {
        reply = placed(request) as MockReply;
        return answer.handler(request);
      },
    });
    await waitFor(() => expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(1));
    const cardReads = api.requestsTo(CURRENT_CARD).length;

    // The event stream's points update arrives first: the card is refetched with the book on it.
    act(() => FakeEventSource.last?.emit(LIVE_EVENT.points, { totalPoints: 50 }));
    await waitFor(() => expect(api.requestsTo(CURRENT_CARD).length).toBeGreaterThan(cardReads));
    await waitFor(() =>
      expect(square(POEMS)).toHaveAccessibleName(`${POEMS}. Marked with The Hobbit`),
    );

    answer.send(reply!);

    expect(await screen.findByText(messages.bingo.earnedPoints(10))).toBeInTheDocument();
    const review = await screen.findByRole('dialog', { name: 'Write a review' });
    expect(within(review).getByText('The Hobbit')).toBeInTheDocument();
  });
});

describe('Review modal', () => {
  async function openReview(routes: MockRoutes = {}) {
    const app = await searchAndChoose({ ...placingServer(), ...routes });
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
    const submit = within(dialog).getByRole('button', { name: 'Submit Review' });
    const text = within(dialog).getByRole('textbox', { name: 'Your review' });
    return { ...app, dialog, submit, text };
  }

  it('counts characters and enables Submit only with text and a rating', async () => {
    const { user, dialog, submit, text } = await openReview();

    expect(text).toHaveAccessibleDescription(`0/${REVIEW_MAX}`);
    expect(submit).toBeDisabled();

    await user.type(text, 'Loved it');
    expect(within(dialog).getByText(`8/${REVIEW_MAX}`)).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    expect(submit).toBeEnabled();

    await user.clear(text);
    await user.type(text, '    ');
    expect(submit).toBeDisabled();
  });

  it(`stops at ${REVIEW_MAX} characters`, async () => {
    const { user, dialog, text } = await openReview();
    text.focus();
    await user.paste('a'.repeat(REVIEW_MAX + 5));

    expect(text).toHaveValue('a'.repeat(REVIEW_MAX));
    expect(within(dialog).getByText(`${REVIEW_MAX}/${REVIEW_MAX}`)).toBeInTheDocument();
  });

  it('posts the review, disables Submit while sending, and toasts the result', async () => {
    const posted = heldReply();
    const { user, api, dialog, submit, text } = await openReview({
      'POST /api/reviews': posted.handler,
    });
    await user.type(text, '  A proper adventure.  ');
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.click(submit);

    await waitFor(() => expect(submit).toBeDisabled());
    posted.send({ status: 201, body: { message: messages.review.posted, post: {} } });

    expect(await screen.findByText(messages.review.posted)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/reviews')[0]?.body).toEqual({
      isbn: '9780547928227',
      text: 'A proper adventure.',
      rating: 5,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps what was typed when posting fails', async () => {
    let reply: MockReply = apiErrorReply(500, 'boom');
    const { user, dialog, submit, text } = await openReview({
      'POST /api/reviews': () => reply,
    });
    await user.type(text, 'Second breakfast!');
    await user.click(within(dialog).getByRole('radio', { name: '3 stars' }));
    await user.click(submit);

    expect(await screen.findByText(messages.review.postFailed)).toBeInTheDocument();
    expect(text).toHaveValue('Second breakfast!');
    expect(submit).toBeEnabled();

    reply = apiErrorReply(429, messages.rateLimit.generic, 'RATE_LIMITED');
    await user.click(submit);
    expect(await screen.findByText(messages.rateLimit.generic)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Write a review' })).toBeInTheDocument();
  });

  it('closes with Skip and posts nothing', async () => {
    const { user, api, dialog } = await openReview();
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo('POST /api/reviews')).toHaveLength(0);
  });
});

describe('Square sheet (issue 9)', () => {
  it('shows the book already on the square above the search', async () => {
    const { dialog } = await openSearch({
      [CURRENT_CARD]: {
        body: buildCard({
          grid: currentGrid,
          placements: {
            1: buildPlacement({ bookTitle: 'The Restaurant at the End of the Universe' }),
          },
        }),
      },
    });
    const onSquare = within(dialog).getByRole('region', { name: messages.bingo.onThisSquare });
    expect(
      within(onSquare).getByText('The Restaurant at the End of the Universe'),
    ).toBeInTheDocument();
  });

  it('comes back from View Book to the same search: its term and results, with no new search', async () => {
    const { user, api, dialog } = await openSearch({
      'GET /api/books/9780547928227': {
        body: {
          book: {
            ...hobbit,
            isbn: '9780547928227',
            description: null,
            publisher: null,
            pageCount: null,
            categories: [],
            language: null,
            averageRating: null,
            ratingsCount: null,
          },
        },
      },
    });
    await user.type(within(dialog).getByLabelText('Search for a book'), 'hobbit{Enter}');
    await user.click(await within(dialog).findByRole('link', { name: 'View Book: The Hobbit' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'The Hobbit' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: messages.book.backToSearch }));

    const back = await screen.findByRole('dialog', { name: POEMS });
    expect(within(back).getByRole('searchbox', { name: 'Search for a book' })).toHaveValue(
      'hobbit',
    );
    expect(within(back).getByRole('button', { name: 'Choose The Hobbit' })).toBeEnabled();
    expect(api.requestsTo('GET /api/books/search')).toHaveLength(1);
  });
});

describe('Double clicks send one request (issue 9)', () => {
  it('Choose', async () => {
    const app = await openSearch(placingServer());
    await app.user.type(within(app.dialog).getByLabelText('Search for a book'), 'hobbit{Enter}');
    const choose = await within(app.dialog).findByRole('button', { name: 'Choose The Hobbit' });
    clickTwiceAtOnce(choose);

    expect(await screen.findByRole('dialog', { name: 'Write a review' })).toBeInTheDocument();
    expect(app.api.requestsTo('POST /api/bingo/placements')).toHaveLength(1);
    expect(screen.getAllByText(messages.bingo.earnedPoints(10))).toHaveLength(1);
  });

  it('Submit Review', async () => {
    const app = await searchAndChoose({
      ...placingServer(),
      'POST /api/reviews': { status: 201, body: { message: messages.review.posted, post: {} } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Your review' }), 'Good');
    await app.user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    const submit = within(dialog).getByRole('button', { name: 'Submit Review' });
    clickTwiceAtOnce(submit);

    expect(await screen.findByText(messages.review.posted)).toBeInTheDocument();
    expect(app.api.requestsTo('POST /api/reviews')).toHaveLength(1);
  });
});

describe('The wildcard is asked for before it is spent (issue 9)', () => {
  /** Dune placed normally on square 0, no wildcard yet; the search finds Dune again. */
  const dune = buildBook({ isbn: '9780441013593', title: 'Dune', authors: 'Frank Herbert' });
  function duneTwice(): MockRoutes {
    return {
      ...searchRoute([dune]),
      [CURRENT_CARD]: {
        body: buildCard({
          grid: currentGrid,
          placements: { 0: buildPlacement({ bookIsbn: '9780441013593', bookTitle: 'Dune' }) },
        }),
      },
      'POST /api/bingo/placements': {
        body: {
          placement: {
            bookIsbn: '9780441013593',
            bookTitle: 'Dune',
            coverUrl: dune.coverUrl,
            isWildcard: true,
            points: 10,
            cellId: cellId(1),
            position: 1,
          },
          outcome: 'placed',
          pointsEarned: 10,
          totalPoints: 20,
          message: messages.bingo.earnedPoints(10),
        },
      },
    };
  }

  it('asks before placing a second copy; Cancel sends nothing, Use my wildcard sends once', async () => {
    const { user, api, dialog } = await openSearch(duneTwice());
    await user.type(within(dialog).getByLabelText('Search for a book'), 'dune{Enter}');
    await user.click(await within(dialog).findByRole('button', { name: 'Choose Dune' }));

    // The square's rule is checked with the server first: the question comes after its answer.
    const ask = await screen.findByRole('alertdialog', {
      name: messages.bingo.wildcardConfirmTitle,
    });
    expect(ask).toHaveTextContent(messages.bingo.wildcardConfirmText('Dune'));
    expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: POEMS })).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Choose Dune' }));
    const again = await screen.findByRole('alertdialog', {
      name: messages.bingo.wildcardConfirmTitle,
    });
    const use = within(again).getByRole('button', { name: messages.bingo.wildcardConfirm });
    clickTwiceAtOnce(use);

    expect(await screen.findByRole('dialog', { name: 'Write a review' })).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('does not ask for a first copy, nor when the square itself holds the book', async () => {
    const { user, api, dialog } = await openSearch(duneTwice());
    await user.type(within(dialog).getByLabelText('Search for a book'), 'hobbit{Enter}');
    await within(dialog).findByRole('button', { name: 'Choose Dune' });
    await user.keyboard('{Escape}');
    await user.click(square(DEFAULT_CHALLENGES[0]));
    const first = screen.getByRole('dialog', { name: DEFAULT_CHALLENGES[0] });
    await user.type(within(first).getByLabelText('Search for a book'), 'dune{Enter}');
    await user.click(await within(first).findByRole('button', { name: 'Choose Dune' }));

    // The question would come after the server's answer on the rule: wait for the placement.
    await waitFor(() => expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('A typed review is not thrown away without asking (issue 9)', () => {
  async function typedReview() {
    const app = await searchAndChoose(placingServer());
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Your review' }), 'Half a th');
    return { ...app, dialog };
  }

  it('asks on Escape; Keep writing keeps the text, Discard closes', async () => {
    const { user, api, dialog } = await typedReview();
    await user.keyboard('{Escape}');

    const ask = screen.getByRole('alertdialog', { name: messages.review.discardTitle });
    await user.click(within(ask).getByRole('button', { name: messages.review.keepWriting }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Your review' })).toHaveValue('Half a th');

    await user.keyboard('{Escape}');
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', {
        name: messages.review.discard,
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo('POST /api/reviews')).toHaveLength(0);
  });

  it('asks on the Close button, the backdrop and Skip', async () => {
    const { user, dialog } = await typedReview();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('alertdialog', { name: messages.review.discardTitle })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    const backdrop = dialog.parentElement;
    if (!backdrop) throw new Error('no backdrop');
    await user.pointer({ keys: '[MouseLeft]', target: backdrop });
    expect(screen.getByRole('alertdialog', { name: messages.review.discardTitle })).toBeVisible();
    await user.click(screen.getByRole('button', { name: messages.review.keepWriting }));

    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(screen.getByRole('alertdialog', { name: messages.review.discardTitle })).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Write a review' })).toBeInTheDocument();
  });

  it('closes at once when nothing was typed', async () => {
    await searchAndChoose(placingServer());
    await screen.findByRole('dialog', { name: 'Write a review' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
