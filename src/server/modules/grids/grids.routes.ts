import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GridListResponse } from '../../../lib/schemas/admin';
import { requireSignedIn } from '../../http/viewer';
import type { AppDeps } from '../../app-deps';
import { isCurrentCard } from '../clubs/club-cards';
import { createClubsService } from '../clubs/clubs.service';
import { createGridsRepository } from './grids.repository';

/**
 * Every shared grid by title and date, newest (the current one) first; then the cards of the
 * viewer's clubs, newest first, each current when it is its club's newest and its reset date
 * has not passed (issue 12, decision 016).
 */
export function registerGridRoutes(app: FastifyInstance, deps: AppDeps) {
  const grids = createGridsRepository(deps.database.db);
  const clubs = createClubsService(deps.database);
  app.withTypeProvider<ZodTypeProvider>().get('/api/grids', {
    schema: { tags: ['grids'], summary: 'All grids', response: { 200: GridListResponse } },
    handler: async (request) => {
      const viewer = await requireSignedIn(request);
      const [rows, clubCards] = await Promise.all([grids.list(), clubs.cardsOf(viewer.id)]);
      return {
        grids: [
          ...rows.map(({ resetDate, ...g }, i) => ({
            ...g,
            isCurrent: isCurrentCard({ isNewest: i === 0, clubId: null, resetDate }),
            club: null,
            resetDate: null,
          })),
          ...clubCards,
        ],
      };
    },
  });
}
