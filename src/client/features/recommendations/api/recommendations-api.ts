/**
 * The recommendation page's calls (SPEC.md sections 2 and 4): where the reader stands, the
 * onboarding search, favourites, the card queue and swipes. Types come from the shared schemas.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  AddFavouriteResponse,
  OnboardingSearchResponse,
  RecommendationQueueResponse,
  RecommendationState,
  SwipeDirection,
  SwipeResponse,
} from '../../../../lib/schemas/recommendations';
import { apiRequest } from '../../../services/api-client';

export const RECOMMENDATIONS_KEY = ['recommendations'] as const;

/** An onboarding search hardly changes within a visit: five minutes keeps retyping free. */
const ONBOARDING_SEARCH_STALE_MS = 5 * 60_000;

/** Onboarding (fewer than 5 finished books) or the cards. */
export const recommendationStateQueryOptions = queryOptions({
  queryKey: [...RECOMMENDATIONS_KEY, 'state'] as const,
  queryFn: () => apiRequest<RecommendationState>('/api/recommendations/state'),
});

export function onboardingSearchQueryOptions(term: string) {
  return queryOptions({
    queryKey: [...RECOMMENDATIONS_KEY, 'onboarding-search', term] as const,
    queryFn: ({ signal }) =>
      apiRequest<OnboardingSearchResponse>(
        `/api/recommendations/onboarding-search?q=${encodeURIComponent(term)}`,
        { signal },
      ),
    enabled: term !== '',
    staleTime: ONBOARDING_SEARCH_STALE_MS,
  });
}

/** A favourite is a finished book without a rating; the answer carries the new state. */
export function addFavourite(isbn: string): Promise<AddFavouriteResponse> {
  return apiRequest<AddFavouriteResponse>('/api/recommendations/favourites', {
    method: 'POST',
    body: { isbn },
  });
}

/** The next batch of cards; 429 when asked sooner than 5 s after the last. */
export function fetchRecommendationBatch(): Promise<RecommendationQueueResponse> {
  return apiRequest<RecommendationQueueResponse>('/api/recommendations/queue');
}

export function sendSwipe(isbn: string, direction: SwipeDirection): Promise<SwipeResponse> {
  return apiRequest<SwipeResponse>('/api/recommendations/swipe', {
    method: 'POST',
    body: { isbn, direction },
  });
}
