/** Opens /recommendations on a fake API, as a signed-in reader, with timer helpers. */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { RecommendationState } from '../../../../lib/schemas/recommendations';
import { buildUser } from '../../../test-utils/factories';
import { mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { buildState } from './recommendation-factories';
import { stubMediaQueries } from '../../../test-utils/media-queries';

export const STATE = 'GET /api/recommendations/state';
export const QUEUE = 'GET /api/recommendations/queue';
export const SWIPE = 'POST /api/recommendations/swipe';
export const SEARCH = 'GET /api/recommendations/onboarding-search';
export const FAVOURITES = 'POST /api/recommendations/favourites';

export function openRecommendations(
  routes: MockRoutes,
  state: RecommendationState = buildState(5),
) {
  const api = mockApi({
    'GET /api/me': { body: { user: buildUser() } },
    [STATE]: { body: state },
    ...routes,
  });
  return { ...renderApp('/recommendations'), api };
}

/**
 * Fake timers that still run on their own (so React, the router and user-event proceed), and
 * can be pushed forward to cross the 500 ms debounce, the 300 ms swipe or the 5 s refill gap.
 */
export function steppedTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return {
    async advance(ms: number) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
    },
  };
}

/** The reader prefers reduced motion: a swipe takes the card off at once. */
export function preferReducedMotion() {
  stubMediaQueries((query) => query.includes('prefers-reduced-motion'));
}
