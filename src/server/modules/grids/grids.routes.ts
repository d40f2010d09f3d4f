import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GridListResponse } from '../../../lib/schemas/admin';
import { requireSignedIn } from '../../http/viewer';
import type { AppDeps } from '../../app-deps';
import { createGridsRepository } from './grids.repository';

/** Every grid by title and date, newest (the current one) first. */
export function registerGridRoutes(app: FastifyInstance, deps: AppDeps) {
  const grids = createGridsRepository(deps.database.db);
  app.withTypeProvider<ZodTypeProvider>().get('/api/grids', {
    schema: { tags: ['grids'], summary: 'All grids', response: { 200: GridListResponse } },
    handler: async (request) => {
      await requireSignedIn(request);
      const rows = await grids.list();
      return { grids: rows.map((g, i) => ({ ...g, isCurrent: i === 0 })) };
    },
  });
}
