import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../lib/messages';
import {
  BingoCardResponse,
  GridParams,
  PlaceBookBody,
  PlaceBookResponse,
  ResetGridResponse,
} from '../../../lib/schemas/bingo';
import type { AppDeps } from '../../app-deps';
import type { EventHub } from '../../events/hub';
import type { LeaderboardService } from '../leaderboard/leaderboard.service';
import { idempotencyKeyOf } from '../../http/idempotency';
import { membersOnly } from '../../http/members-only';
import { readingRateLimit } from '../../http/rate-limit-rules';
import { requireMember, requireSignedIn } from '../../http/viewer';
import { forgetKeptCells, GRID_CELLS_CHANGED_CHANNEL } from './bingo.repository';
import { createBingoService } from './bingo.service';

export function registerBingoRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  live: { hub: EventHub; leaderboard: LeaderboardService },
) {
  const service = createBingoService({ database: deps.database, ...live });
  // An admin corrected a square (issue 23): every instance forgets that grid's kept squares,
  // and all of them when messages may have been missed.
  const stopListening = deps.bus.subscribe(GRID_CELLS_CHANGED_CHANNEL, (gridId) => {
    forgetKeptCells(deps.database.db, gridId);
    service.forgetKeptCards();
  });
  const stopWatching = deps.bus.onInterrupted(() => {
    forgetKeptCells(deps.database.db);
    service.forgetKeptCards();
  });
  app.addHook('onClose', (_instance, done) => {
    stopListening();
    stopWatching();
    done();
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const progressLimit = {
    rateLimit: readingRateLimit('progressUpdates', deps.config.readingRateLimits),
  };

  api.get('/api/bingo/grids/:gridId', {
    schema: {
      tags: ['bingo'],
      summary: "One grid with the viewer's own placements and points (guests too)",
      params: GridParams,
      response: { 200: BingoCardResponse },
    },
    handler: async (request) =>
      service.getCard(await requireSignedIn(request), request.params.gridId),
  });

  api.post('/api/bingo/placements', {
    schema: {
      tags: ['bingo'],
      summary: 'Place a book on a square of the current grid (members only)',
      body: PlaceBookBody,
      response: { 200: PlaceBookResponse },
    },
    config: progressLimit,
    // Guests are turned away before their body is even looked at.
    preValidation: membersOnly(messages.bingo.mustLogInToSave),
    handler: async (request) =>
      service.placeBook(
        await requireMember(request, messages.bingo.mustLogInToSave),
        request.body,
        idempotencyKeyOf(request),
      ),
  });

  api.delete('/api/bingo/grids/:gridId/placements', {
    schema: {
      tags: ['bingo'],
      summary: "Reset Grid: remove the viewer's placements on the current grid and their points",
      params: GridParams,
      response: { 200: ResetGridResponse },
    },
    config: progressLimit,
    preValidation: membersOnly(messages.bingo.mustLogInToClear),
    handler: async (request) =>
      service.resetGrid(
        await requireMember(request, messages.bingo.mustLogInToClear),
        request.params.gridId,
      ),
  });
}
