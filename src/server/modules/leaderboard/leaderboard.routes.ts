import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LeaderboardQuery, LeaderboardResponse } from '../../../lib/schemas/bingo';
import type { AppDeps } from '../../app-deps';
import { readingRateLimit } from '../../http/rate-limit-rules';
import { requireSignedIn } from '../../http/viewer';
import type { LeaderboardService } from './leaderboard.service';

export function registerLeaderboardRoutes(
  app: FastifyInstance,
  service: LeaderboardService,
  deps: AppDeps,
) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/leaderboard', {
    schema: {
      tags: ['bingo'],
      summary: 'Friends (accepted friends and you) or Global Top 10, by points',
      querystring: LeaderboardQuery,
      response: { 200: LeaderboardResponse },
    },
    config: { rateLimit: readingRateLimit('leaderboardUpdates', deps.config.readingRateLimits) },
    handler: async (request) =>
      service.getLeaderboard(await requireSignedIn(request), request.query.scope),
  });
}
