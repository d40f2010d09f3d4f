import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardParams, DashboardResponse } from '../../../lib/schemas/dashboard';
import type { AppDeps } from '../../app-deps';
import { readingRateLimit } from '../../http/rate-limit-rules';
import { requireSignedIn } from '../../http/viewer';
import { createDashboardService } from './dashboard.service';

/**
 * Issue 24: a season's dashboard, for the card's organisers (admins for the shared card, the
 * club's owners for a club card). Who may call it: docs/SECURITY.md.
 */
export function registerDashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createDashboardService(deps.database);
  app.withTypeProvider<ZodTypeProvider>().get('/api/grids/:gridId/dashboard', {
    schema: {
      tags: ['grids'],
      summary: "A card's season dashboard: participation, squares, lines, points, top readers",
      params: DashboardParams,
      response: { 200: DashboardResponse },
    },
    config: { rateLimit: readingRateLimit('leaderboardUpdates', deps.config.readingRateLimits) },
    handler: async (request) =>
      service.getDashboard(await requireSignedIn(request), request.params.gridId),
  });
}
