/** Recommendation API answers for component tests; override any field. */
import {
  RECOMMENDATION_REFILL_MIN_MS,
  RECOMMENDATION_REFILL_THRESHOLD,
} from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import type {
  OnboardingBook,
  RecommendationBook,
  RecommendationQueueResponse,
  RecommendationState,
} from '../../../../lib/schemas/recommendations';

let sequence = 0;

/** A made-up ISBN-13 shape; the client never checks the digit. */
function nextIsbn(): string {
  sequence += 1;
  return `979${String(100_000_000 + sequence).padStart(10, '0')}`;
}

export function buildRecommendationBook(
  overrides: Partial<RecommendationBook> = {},
): RecommendationBook {
  const isbn = overrides.isbn ?? nextIsbn();
  return {
    isbn,
    title: `Hedgehog Tale ${sequence}`,
    authors: `Writer ${sequence}`,
    genre: 'Fantasy',
    categories: ['Fantasy'],
    description: `The ${sequence}th tale of a brave hedgehog.`,
    publishedDate: '2001',
    pageCount: 200,
    coverUrl: `/api/books/${isbn}/cover.svg`,
    averageRating: 4.1,
    ratingsCount: 120,
    ...overrides,
  };
}

export function buildRecommendationBooks(count: number): RecommendationBook[] {
  return Array.from({ length: count }, () => buildRecommendationBook());
}

export function buildQueue(
  books: RecommendationBook[],
  overrides: Partial<RecommendationQueueResponse> = {},
): RecommendationQueueResponse {
  return {
    books,
    status: 'ok',
    message: null,
    refillThreshold: RECOMMENDATION_REFILL_THRESHOLD,
    refillMinIntervalMs: RECOMMENDATION_REFILL_MIN_MS,
    ...overrides,
  };
}

export const emptyQueue = () =>
  buildQueue([], { status: 'empty', message: messages.recommendations.empty });
export const exhaustedQueue = () =>
  buildQueue([], { status: 'exhausted', message: messages.recommendations.exhausted });

export function buildState(finishedCount: number): RecommendationState {
  return {
    onboarding: finishedCount < 5,
    finishedCount,
    booksNeeded: Math.max(0, 5 - finishedCount),
  };
}

export function buildOnboardingBook(overrides: Partial<OnboardingBook> = {}): OnboardingBook {
  const isbn = overrides.isbn ?? nextIsbn();
  return {
    isbn,
    title: `Favourite ${sequence}`,
    authors: `Author ${sequence}`,
    coverUrl: `/api/books/${isbn}/cover.svg`,
    publishedDate: '1999',
    ...overrides,
  };
}
