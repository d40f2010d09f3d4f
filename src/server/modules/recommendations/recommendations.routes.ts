import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { messages } from '../../../lib/messages';
import {
  AddFavouriteBody,
  AddFavouriteResponse,
  OnboardingSearchQuery,
  OnboardingSearchResponse,
  RecommendationQueueResponse,
  RecommendationState,
  SwipeBody,
  SwipeResponse,
} from '../../../lib/schemas/recommendations';
import type { AppDeps } from '../../app-deps';
import { forbidden, unauthorized } from '../../http/errors';
import { providerAddressCeiling, readingRateLimit } from '../../http/rate-limit-rules';
import { MINUTE_MS, rateLimitRule } from '../../http/rate-limits';
import type { Viewer } from '../../http/viewer';
import { createRecommendationsService, RefillThrottledError } from './recommendations.service';
import { createRecommendationState } from './shared-recommendation-sessions';

/**
 * Per-reader limits beside the refill throttle. Swipes animate for 300 ms, so two a second is
 * the human ceiling; favourites are added one search at a time during onboarding.
 */
const SWIPES_PER_MINUTE = 120;
const FAVOURITES_PER_MINUTE = 30;

/** SPEC.md section 8: guests and signed-out visitors are asked to log in. */
async function requireReader(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer) throw unauthorized(messages.recommendations.pleaseLogIn);
  if (viewer.role === 'guest') throw forbidden(messages.recommendations.pleaseLogIn);
  return viewer;
}

/** The reader's better-auth session id: swipes are remembered per session (SPEC.md section 4). */
async function sessionIdOf(deps: AppDeps, request: FastifyRequest): Promise<string> {
  const result = await deps.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) throw unauthorized(messages.recommendations.pleaseLogIn);
  return result.session.id;
}

/** The recommendation page's API (signed-in non-guests only, SPEC.md section 2). */
export function registerRecommendationRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createRecommendationsService({
    database: deps.database,
    books: deps.books,
    log: app.log,
    ...createRecommendationState(deps.redis),
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['recommendations'];

  api.get('/api/recommendations/state', {
    schema: {
      tags,
      summary: 'Onboarding (fewer than 5 finished books) or the cards',
      response: { 200: RecommendationState },
    },
    handler: async (request) => service.state(await requireReader(request)),
  });

  api.get('/api/recommendations/onboarding-search', {
    config: { rateLimit: readingRateLimit('bookSearches', deps.config.readingRateLimits) },
    // It asks the providers as the book search does, so it counts against the same ceiling.
    preHandler: providerAddressCeiling(app, 'bookSearches', deps.config),
    schema: {
      tags,
      summary: 'Up to 5 books with an ISBN to choose favourites from',
      querystring: OnboardingSearchQuery,
      response: { 200: OnboardingSearchResponse },
    },
    handler: async (request) => {
      const viewer = await requireReader(request);
      return service.searchOnboarding(viewer, request.query.q);
    },
  });

  api.post('/api/recommendations/favourites', {
    config: {
      rateLimit: rateLimitRule(
        'recommendationFavourites',
        FAVOURITES_PER_MINUTE,
        MINUTE_MS,
        messages.rateLimit.bookUpdates,
      ),
    },
    schema: {
      tags,
      summary: 'Add a favourite: a finished book without a rating (409 when already added)',
      body: AddFavouriteBody,
      response: { 201: AddFavouriteResponse },
    },
    handler: async (request, reply) => {
      const viewer = await requireReader(request);
      return reply.status(201).send(await service.addFavourite(viewer, request.body.isbn));
    },
  });

  // A refill asks the providers for up to five queries: the address's ceiling bounds them,
  // counted once the reader's own refill throttle has let the refill through.
  const admitRefill = providerAddressCeiling(app, 'recommendationRefills', deps.config);
  api.get('/api/recommendations/queue', {
    schema: {
      tags,
      summary:
        'The next batch of at most 20 cards; 429 sooner than 5 s after the last, or past 10 a minute',
      response: { 200: RecommendationQueueResponse },
    },
    handler: async (request, reply) => {
      const viewer = await requireReader(request);
      const sessionId = await sessionIdOf(deps, request);
      try {
        return await service.nextBatch(viewer, sessionId, () => admitRefill(request, reply));
      } catch (error) {
        if (error instanceof RefillThrottledError) {
          void reply.header('retry-after', String(Math.ceil(error.retryAfterMs / 1000)));
        }
        throw error;
      }
    },
  });

  api.post('/api/recommendations/swipe', {
    config: {
      rateLimit: rateLimitRule(
        'recommendationSwipes',
        SWIPES_PER_MINUTE,
        MINUTE_MS,
        messages.rateLimit.recommendationUpdates,
      ),
    },
    schema: {
      tags,
      summary: 'Like (adds to want-to-read) or dislike (excludes the author this session)',
      body: SwipeBody,
      response: { 200: SwipeResponse },
    },
    handler: async (request) => {
      const viewer = await requireReader(request);
      const sessionId = await sessionIdOf(deps, request);
      return service.swipe(viewer, sessionId, request.body.isbn, request.body.direction);
    },
  });
}
