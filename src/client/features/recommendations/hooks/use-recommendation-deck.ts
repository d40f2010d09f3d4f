import { useCallback, useEffect, useReducer } from 'react';
import {
  RECOMMENDATION_REFILL_MIN_MS,
  RECOMMENDATION_REFILL_THRESHOLD,
} from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import { authorKey, leadAuthor, splitAuthors } from '../../../../lib/recommendations';
import type {
  RecommendationBook,
  RecommendationQueueResponse,
  SwipeDirection,
} from '../../../../lib/schemas/recommendations';
import { notifyInfo } from '../../../app/notify';
import { ApiError, errorText } from '../../../services/api-client';
import { fetchRecommendationBatch } from '../api/recommendations-api';

/** Why the stack is empty, once the server has said so. */
export type DeckOutcome =
  | { kind: 'error'; message: string }
  | { kind: 'exhausted'; message: string }
  | { kind: 'empty'; message: string };

interface DeckState {
  /** The stack; the first card is the one on show. */
  cards: RecommendationBook[];
  /** Every ISBN this visit has received: a book is never shown twice (SPEC.md section 4). */
  seen: ReadonlySet<string>;
  /**
   * authorKey of each disliked book's lead author. The server leaves them out of later
   * batches; the cards already here (or a batch on its way) are filtered by the same rule.
   */
  dislikedAuthors: ReadonlySet<string>;
  isFetching: boolean;
  /** When the last batch was asked for (or refused): refills are at least 5 s apart. */
  lastFetchAt: number | null;
  outcome: DeckOutcome | null;
  /**
   * The stack size at which a batch brought nothing new or failed: no automatic refill until
   * the stack changes (a swipe) or the reader presses Refresh, so a failure is not retried in
   * a loop.
   */
  stalledAt: number | null;
  threshold: number;
  minIntervalMs: number;
}

type DeckAction =
  | { type: 'fetch-started'; at: number }
  | { type: 'batch'; batch: RecommendationQueueResponse }
  | { type: 'throttled'; at: number }
  | { type: 'failed'; message: string }
  | { type: 'swiped'; book: RecommendationBook; direction: SwipeDirection }
  | { type: 'refresh' };

const initialState: DeckState = {
  cards: [],
  seen: new Set(),
  dislikedAuthors: new Set(),
  isFetching: false,
  lastFetchAt: null,
  outcome: null,
  stalledAt: null,
  threshold: RECOMMENDATION_REFILL_THRESHOLD,
  minIntervalMs: RECOMMENDATION_REFILL_MIN_MS,
};

/** SPEC.md section 4 via src/lib: a disliked author is skipped wherever they are listed. */
function isByDislikedAuthor(book: RecommendationBook, disliked: ReadonlySet<string>): boolean {
  return splitAuthors(book.authors).some((name) => disliked.has(authorKey(name)));
}

/** Appends a batch, leaving out any book this visit has already had or has ruled out. */
function appendBatch(state: DeckState, batch: RecommendationQueueResponse): DeckState {
  const seen = new Set(state.seen);
  const fresh: RecommendationBook[] = [];
  for (const book of batch.books) {
    if (seen.has(book.isbn) || isByDislikedAuthor(book, state.dislikedAuthors)) continue;
    seen.add(book.isbn);
    fresh.push(book);
  }
  const cards = [...state.cards, ...fresh];
  const next: DeckState = {
    ...state,
    cards,
    seen,
    isFetching: false,
    threshold: batch.refillThreshold,
    // The client never asks faster than SPEC.md section 9 allows, whatever a server says.
    minIntervalMs: Math.max(batch.refillMinIntervalMs, RECOMMENDATION_REFILL_MIN_MS),
  };
  if (fresh.length > 0) return { ...next, outcome: null, stalledAt: null };
  const outcome: DeckOutcome =
    batch.status === 'empty'
      ? { kind: 'empty', message: batch.message ?? messages.recommendations.empty }
      : { kind: 'exhausted', message: batch.message ?? messages.recommendations.exhausted };
  return { ...next, outcome, stalledAt: cards.length };
}

function deckReducer(state: DeckState, action: DeckAction): DeckState {
  switch (action.type) {
    case 'fetch-started':
      return { ...state, isFetching: true, lastFetchAt: action.at };
    case 'batch':
      return appendBatch(state, action.batch);
    case 'throttled':
      return { ...state, isFetching: false, lastFetchAt: action.at };
    case 'failed':
      return {
        ...state,
        isFetching: false,
        outcome: { kind: 'error', message: action.message },
        stalledAt: state.cards.length,
      };
    case 'swiped': {
      const rest = state.cards.filter((book) => book.isbn !== action.book.isbn);
      const author = action.direction === 'dislike' ? leadAuthor(action.book.authors) : null;
      if (!author) return { ...state, cards: rest };
      const dislikedAuthors = new Set(state.dislikedAuthors).add(authorKey(author));
      return {
        ...state,
        dislikedAuthors,
        cards: rest.filter((book) => !isByDislikedAuthor(book, dislikedAuthors)),
      };
    }
    case 'refresh':
      return { ...state, outcome: null, stalledAt: null };
  }
}

/** The server's text for a refusal (e.g. 'Please log in...'), else the spec's fetch failure. */
export function recommendationErrorText(error: unknown): string {
  return errorText(error, messages.recommendations.fetchFailed);
}

/**
 * The stack of cards (SPEC.md sections 4 and 9): the first batch on mount, and a refill
 * whenever 10 or fewer cards remain, at most once every 5 s. A refill the server refuses as
 * too soon (429, 'Please wait before refreshing recommendations...') is shown as information
 * and tried again 5 s later.
 */
export function useRecommendationDeck() {
  const [state, dispatch] = useReducer(deckReducer, initialState);

  const needsRefill =
    !state.isFetching &&
    state.cards.length <= state.threshold &&
    state.stalledAt !== state.cards.length;

  const load = useCallback(async () => {
    dispatch({ type: 'fetch-started', at: Date.now() });
    try {
      dispatch({ type: 'batch', batch: await fetchRecommendationBatch() });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        notifyInfo(error.message, `recommendations-wait:${error.message}`);
        dispatch({ type: 'throttled', at: Date.now() });
        return;
      }
      dispatch({ type: 'failed', message: recommendationErrorText(error) });
    }
  }, []);

  const { lastFetchAt, minIntervalMs } = state;
  useEffect(() => {
    if (!needsRefill) return;
    const wait = lastFetchAt === null ? 0 : Math.max(0, lastFetchAt + minIntervalMs - Date.now());
    const timer = window.setTimeout(() => void load(), wait);
    return () => window.clearTimeout(timer);
  }, [needsRefill, lastFetchAt, minIntervalMs, load]);

  /** Takes the swiped card off the stack; a dislike takes its author's other cards too. */
  const settleSwipe = useCallback(
    (book: RecommendationBook, direction: SwipeDirection) =>
      dispatch({ type: 'swiped', book, direction }),
    [],
  );
  const refresh = useCallback(() => dispatch({ type: 'refresh' }), []);

  return {
    cards: state.cards,
    outcome: state.outcome,
    /** A batch is on its way or due: the empty stack is not final yet. */
    isWaiting: state.isFetching || needsRefill,
    settleSwipe,
    refresh,
  };
}
