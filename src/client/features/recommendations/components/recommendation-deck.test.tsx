import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECOMMENDATION_REFILL_MIN_MS, SWIPE_ANIMATION_MS } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import type {
  RecommendationBook,
  RecommendationQueueResponse,
  SwipeBody,
} from '../../../../lib/schemas/recommendations';
import { apiErrorReply, type MockHandler, type MockReply } from '../../../test-utils/mock-api';
import { settleToasts } from '../../../test-utils/toasts';
import {
  buildQueue,
  buildRecommendationBook,
  buildRecommendationBooks,
  emptyQueue,
  exhaustedQueue,
} from '../testing/recommendation-factories';
import {
  openRecommendations,
  preferReducedMotion,
  QUEUE,
  steppedTimers,
  SWIPE,
} from '../testing/recommendations-harness';
import { recommendationTexts as texts } from '../texts';

const dune = buildRecommendationBook({
  title: 'Dune Messiah',
  authors: 'Frank Herbert',
  description: 'Twelve years after the desert war.',
});
const kindred = buildRecommendationBook({ title: 'Kindred', authors: 'Octavia E. Butler' });

/** The swipe endpoint as the server answers it: a message for likes only. */
const swipeRoute: MockHandler = (request) => {
  const { direction } = request.body as SwipeBody;
  return {
    body: { direction, message: direction === 'like' ? messages.wantToRead.added : null },
  };
};

/** Serves each reply in turn, the last one again once they run out. */
function inTurn(...replies: MockReply[]): MockHandler {
  let index = 0;
  return () => {
    const reply = replies[Math.min(index, replies.length - 1)]!;
    index += 1;
    return reply;
  };
}

function queue(books: RecommendationBook[], overrides?: Partial<RecommendationQueueResponse>) {
  return { body: buildQueue(books, overrides) };
}

function card(book: RecommendationBook) {
  // The first test of a file also waits for the page's lazy chunk: the setup's wait allows it.
  return screen.findByRole('button', { name: `${book.title} by ${book.authors}` });
}

function deckRegion() {
  return screen.getByRole('region', { name: texts.deckLabel });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Recommendation cards', () => {
  it('shows one book at a time with its cover, title and author', async () => {
    openRecommendations({ [QUEUE]: queue([dune, kindred]) });

    const face = await card(dune);
    expect(within(face).getByRole('img', { name: 'Cover of Dune Messiah' })).toHaveClass(
      'book-cover--large',
    );
    expect(within(face).getByText('Frank Herbert')).toBeInTheDocument();
    expect(screen.queryByText('Kindred')).not.toBeInTheDocument();
    // Icons drawn in SVG: an emoji is an empty box where no emoji font is installed (issue 9).
    for (const name of ['Like', 'Dislike']) {
      const button = screen.getByRole('button', { name });
      expect(button.querySelector('svg')).not.toBeNull();
      expect(button).toHaveTextContent(name);
      expect(button.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  it('opens and closes the description overlay when the card is activated', async () => {
    const { user } = openRecommendations({ [QUEUE]: queue([dune]) });
    const face = await card(dune);
    expect(face).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(dune.description!)).not.toBeInTheDocument();

    await user.click(face);
    expect(screen.getByText(dune.description!)).toBeVisible();
    expect(face).toHaveAttribute('aria-expanded', 'true');

    face.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByText(dune.description!)).not.toBeInTheDocument();
  });

  it("says 'No description available.' for a book without one", async () => {
    const plain = buildRecommendationBook({ description: null });
    const { user } = openRecommendations({ [QUEUE]: queue([plain]) });
    await user.click(await card(plain));
    expect(screen.getByText(messages.book.noDescription)).toBeVisible();
  });

  it('likes with the button: the want-to-read toast, then the next card after the 300 ms swipe', async () => {
    const timers = steppedTimers();
    const { user, api } = openRecommendations({
      [QUEUE]: queue([dune, kindred]),
      [SWIPE]: swipeRoute,
    });
    await card(dune);

    await user.click(screen.getByRole('button', { name: 'Like' }));
    // The card flies right for 300 ms before the next one shows.
    const leaving = screen.getByRole('button', { name: 'Dune Messiah by Frank Herbert' });
    expect(leaving.closest('article')).toHaveClass('rec-card--leaving-like');
    expect(api.requestsTo(SWIPE)[0]?.body).toEqual({ isbn: dune.isbn, direction: 'like' });

    await timers.advance(SWIPE_ANIMATION_MS);
    expect(await screen.findByText(messages.wantToRead.added)).toBeInTheDocument();
    expect(await card(kindred)).toBeInTheDocument();
    expect(screen.queryByText('Dune Messiah')).not.toBeInTheDocument();
  });

  it('dislikes with the button, silently, and swipes left', async () => {
    const timers = steppedTimers();
    const { user, api } = openRecommendations({
      [QUEUE]: queue([dune, kindred]),
      [SWIPE]: swipeRoute,
    });
    await card(dune);

    await user.click(screen.getByRole('button', { name: 'Dislike' }));
    const leaving = screen.getByRole('button', { name: 'Dune Messiah by Frank Herbert' });
    expect(leaving.closest('article')).toHaveClass('rec-card--leaving-dislike');
    expect(api.requestsTo(SWIPE)[0]?.body).toEqual({ isbn: dune.isbn, direction: 'dislike' });

    await timers.advance(SWIPE_ANIMATION_MS);
    expect(await card(kindred)).toBeInTheDocument();
    // A toast shows a moment after it is raised: look once every toast so far is shown.
    await settleToasts();
    expect(screen.queryByText(messages.wantToRead.added)).not.toBeInTheDocument();
  });

  it('likes with ArrowRight and dislikes with ArrowLeft while the card area has focus, and says so', async () => {
    preferReducedMotion();
    const third = buildRecommendationBook({ title: 'Piranesi', authors: 'Susanna Clarke' });
    const { user, api } = openRecommendations({
      [QUEUE]: queue([dune, kindred, third]),
      [SWIPE]: swipeRoute,
    });
    const face = await card(dune);

    face.focus();
    await user.keyboard('{ArrowRight}');
    // Under reduced motion the next card is there at once, and has the focus.
    expect(
      screen.getByRole('button', { name: `${kindred.title} by ${kindred.authors}` }),
    ).toHaveFocus();
    expect(screen.getByText(texts.liked('Dune Messiah'))).toBeInTheDocument();

    deckRegion().focus();
    await user.keyboard('{ArrowLeft}');
    expect(await card(third)).toBeInTheDocument();
    expect(screen.getByText(texts.disliked('Kindred'))).toHaveAttribute('aria-live', 'polite');

    expect(api.requestsTo(SWIPE).map((r) => r.body)).toEqual([
      { isbn: dune.isbn, direction: 'like' },
      { isbn: kindred.isbn, direction: 'dislike' },
    ]);
  });

  it('ignores the arrow keys while focus is elsewhere', async () => {
    const { user, api } = openRecommendations({ [QUEUE]: queue([dune, kindred]) });
    await card(dune);
    screen.getByRole('button', { name: /menu/i }).focus();

    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowLeft}');
    expect(api.requestsTo(SWIPE)).toHaveLength(0);
  });

  it('swipes by dragging the card past the threshold, and springs back from a short drag', async () => {
    preferReducedMotion();
    const { api } = openRecommendations({ [QUEUE]: queue([dune, kindred]), [SWIPE]: swipeRoute });
    const face = await card(dune);

    fireEvent.pointerDown(face, { clientX: 200, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerMove(face, { clientX: 170, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerUp(face, { clientX: 170, pointerId: 1, pointerType: 'touch' });

    fireEvent.pointerDown(face, { clientX: 200, pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerMove(face, { clientX: 60, pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(face, { clientX: 60, pointerId: 2, pointerType: 'touch' });

    expect(await card(kindred)).toBeInTheDocument();
    expect(api.requestsTo(SWIPE)[0]?.body).toEqual({ isbn: dune.isbn, direction: 'dislike' });
    // A swipe is sent a moment after the drag ends: now that the long drag's has been, the short
    // drag's would have been too. Only the long drag's was.
    expect(api.requestsTo(SWIPE)).toHaveLength(1);
  });

  it("takes the disliked author's other cards off the stack, now and in later batches", async () => {
    preferReducedMotion();
    const timers = steppedTimers();
    const sequel = buildRecommendationBook({ title: 'Children of Dune', authors: 'Frank Herbert' });
    const coWritten = buildRecommendationBook({
      title: 'The Dosadi Experiment',
      authors: 'Brian Herbert, frank herbert',
    });
    const later = buildRecommendationBook({ title: 'Heretics of Dune', authors: 'Frank Herbert' });
    const { user } = openRecommendations({
      [QUEUE]: inTurn(
        queue([dune, sequel, coWritten, kindred]),
        queue([later, ...buildRecommendationBooks(12)]),
      ),
      [SWIPE]: swipeRoute,
    });
    await card(dune);

    await user.click(screen.getByRole('button', { name: 'Dislike' }));
    expect(await card(kindred)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Like' }));
    await timers.advance(RECOMMENDATION_REFILL_MIN_MS);
    await screen.findByRole('button', { name: /^Hedgehog Tale/ });
    expect(screen.queryByText(/Herbert/)).not.toBeInTheDocument();
  });

  it('tells, as information, that a liked book was already on the list', async () => {
    const { user } = openRecommendations({
      [QUEUE]: queue([dune, kindred]),
      [SWIPE]: apiErrorReply(409, messages.wantToRead.alreadyListed, 'ALREADY_LISTED'),
    });
    await card(dune);
    await user.click(screen.getByRole('button', { name: 'Like' }));

    const toast = await screen.findByText(messages.wantToRead.alreadyListed);
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--info');
    expect(await card(kindred)).toBeInTheDocument();
  });
});

describe('Refilling the stack', () => {
  it('asks again once 10 or fewer remain, never within 5 s, and never shows a book twice', async () => {
    preferReducedMotion();
    const timers = steppedTimers();
    const first = buildRecommendationBooks(12);
    const fresh = buildRecommendationBooks(3);
    const { user, api } = openRecommendations({
      // The second batch repeats a book of the first: it must not come back.
      [QUEUE]: inTurn(queue(first), queue([first[5]!, ...fresh])),
      [SWIPE]: swipeRoute,
    });
    await card(first[0]!);

    const dislike = screen.getByRole('button', { name: 'Dislike' });
    await user.click(dislike);
    expect(await card(first[1]!)).toBeInTheDocument();
    await timers.advance(RECOMMENDATION_REFILL_MIN_MS);
    expect(api.requestsTo(QUEUE)).toHaveLength(1); // 11 left: no refill yet

    await user.click(dislike);
    await card(first[2]!);
    await timers.advance(100);
    expect(api.requestsTo(QUEUE)).toHaveLength(2); // 10 left, 5 s after the first batch

    // 13 now; swiping down to 10 again asks no sooner than 5 s after the last refill.
    for (const book of first.slice(2, 5)) {
      await card(book);
      await user.click(dislike);
    }
    await card(first[5]!);
    await timers.advance(RECOMMENDATION_REFILL_MIN_MS - 1000);
    expect(api.requestsTo(QUEUE)).toHaveLength(2);
    await timers.advance(1000);
    expect(api.requestsTo(QUEUE)).toHaveLength(3);

    const shown: string[] = [];
    for (const book of [...first.slice(5), ...fresh]) {
      await card(book);
      shown.push(book.isbn);
      await user.click(dislike);
    }
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown.filter((isbn) => isbn === first[5]!.isbn)).toHaveLength(1);
  });

  it("shows the server's 'Please wait...' text as information and tries again 5 s later", async () => {
    const timers = steppedTimers();
    const wait = messages.rateLimit.refreshRemaining(4);
    const { api } = openRecommendations({
      [QUEUE]: inTurn(apiErrorReply(429, wait, 'RATE_LIMITED'), queue([dune])),
    });

    const toast = await screen.findByText(wait);
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--info');
    expect(screen.getByText(texts.loading)).toBeInTheDocument();
    expect(api.requestsTo(QUEUE)).toHaveLength(1);

    await timers.advance(RECOMMENDATION_REFILL_MIN_MS);
    expect(await card(dune)).toBeInTheDocument();
    expect(api.requestsTo(QUEUE)).toHaveLength(2);
  });
});

describe('When there are no cards', () => {
  it("shows 'No more books to recommend!' with Back to Bingo", async () => {
    openRecommendations({ [QUEUE]: { body: emptyQueue() } });

    expect(await screen.findByText(messages.recommendations.empty)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: messages.recommendations.backToBingo }),
    ).toHaveAttribute('href', '/bingo');
    expect(
      screen.queryByRole('button', { name: messages.recommendations.refresh }),
    ).not.toBeInTheDocument();
  });

  it('shows the run-out text with Refresh Recommendations, which asks again (after 5 s)', async () => {
    const timers = steppedTimers();
    const { user, api } = openRecommendations({
      [QUEUE]: inTurn({ body: exhaustedQueue() }, queue([kindred])),
    });

    expect(await screen.findByText(messages.recommendations.exhausted)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.recommendations.backToBingo })).toBeVisible();
    await user.click(screen.getByRole('button', { name: messages.recommendations.refresh }));
    expect(screen.getByText(texts.loading)).toBeInTheDocument();
    expect(api.requestsTo(QUEUE)).toHaveLength(1);

    await timers.advance(RECOMMENDATION_REFILL_MIN_MS);
    expect(await card(kindred)).toBeInTheDocument();
    expect(api.requestsTo(QUEUE)).toHaveLength(2);
  });

  it("shows 'Failed to fetch recommendations' with Refresh and Back to Bingo when the server fails", async () => {
    const timers = steppedTimers();
    const { user } = openRecommendations({
      [QUEUE]: inTurn(apiErrorReply(502, messages.recommendations.fetchFailed), queue([dune])),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      messages.recommendations.fetchFailed,
    );
    expect(screen.getByRole('link', { name: messages.recommendations.backToBingo })).toBeVisible();
    await user.click(screen.getByRole('button', { name: messages.recommendations.refresh }));
    await timers.advance(RECOMMENDATION_REFILL_MIN_MS);
    expect(await card(dune)).toBeInTheDocument();
  });

  it("shows the server's own text for a refusal", async () => {
    openRecommendations({
      [QUEUE]: apiErrorReply(403, messages.recommendations.pleaseLogIn, 'FORBIDDEN'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      messages.recommendations.pleaseLogIn,
    );
  });

  it("shows the error screen when the reader's state cannot be read", async () => {
    openRecommendations({ 'GET /api/recommendations/state': apiErrorReply(500, 'boom') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      messages.recommendations.fetchFailed,
    );
    expect(screen.getByRole('button', { name: messages.recommendations.refresh })).toBeVisible();
  });
});
