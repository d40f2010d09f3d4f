import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GridListResponse, PastGridsQuery, PastGridsResponse } from '../../../lib/schemas/admin';
import { requireSignedIn } from '../../http/viewer';
import type { AppDeps } from '../../app-deps';
import { createGridListService } from './grids.service';

/**
 * The newest shared grids by title and date, the current one first; then the newest cards of
 * each of the viewer's clubs, each current when it is its club's newest and its reset date has
 * not passed (issue 12, decision 016). Older cards of each come a page at a time (issue 22).
 */
export function registerGridRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createGridListService(deps.database);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/grids', {
    schema: {
      tags: ['grids'],
      summary: "The newest grids of each scope (shared, each of the viewer's clubs)",
      response: { 200: GridListResponse },
    },
    handler: async (request) => service.list(await requireSignedIn(request)),
  });

  api.get('/api/grids/past', {
    schema: {
      tags: ['grids'],
      summary: "A page of one scope's older grids: the shared card's, or a club's (members)",
      querystring: PastGridsQuery,
      response: { 200: PastGridsResponse },
    },
    handler: async (request) => service.past(await requireSignedIn(request), request.query),
  });
}
