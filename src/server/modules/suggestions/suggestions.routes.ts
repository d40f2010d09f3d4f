import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../lib/messages';
import { GridParams } from '../../../lib/schemas/bingo';
import {
  CellParams,
  FitQuery,
  FitResponse,
  FittingBooksResponse,
  PlaceFittingBooksResponse,
  SuggestionsQuery,
  SuggestionsResponse,
} from '../../../lib/schemas/suggestions';
import type { AppDeps } from '../../app-deps';
import type { EventHub } from '../../events/hub';
import type { LeaderboardService } from '../leaderboard/leaderboard.service';
import { membersOnly } from '../../http/members-only';
import { readingRateLimit } from '../../http/rate-limit-rules';
import { requireMember, requireSignedIn } from '../../http/viewer';
import { createBingoService } from '../bingo/bingo.service';
import { createSuggestionsService } from './suggestions.service';

/** Books that fit the squares of a card (issue 11). */
export function registerSuggestionRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  live: { hub: EventHub; leaderboard: LeaderboardService },
) {
  const bingo = createBingoService({ database: deps.database, ...live });
  const service = createSuggestionsService({
    database: deps.database,
    placeBook: (viewer, body) => bingo.placeBook(viewer, body),
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const progressLimit = {
    rateLimit: readingRateLimit('progressUpdates', deps.config.readingRateLimits),
  };
  // Issue 22: each reader's own count, as for book searches (RATE_LIMIT_SCALE applies).
  const suggestionsLimit = {
    rateLimit: readingRateLimit('bookSuggestions', deps.config.readingRateLimits),
  };

  api.get('/api/bingo/grids/:gridId/suggestions', {
    schema: {
      tags: ['bingo'],
      summary: 'Books that fit each square (or one, with cellId), with reasons and the points',
      params: GridParams,
      querystring: SuggestionsQuery,
      response: { 200: SuggestionsResponse },
    },
    config: suggestionsLimit,
    handler: async (request) =>
      service.suggestions(
        await requireSignedIn(request),
        request.params.gridId,
        request.query.cellId,
      ),
  });

  api.get('/api/bingo/cells/:cellId/suggestions', {
    schema: {
      tags: ['bingo'],
      summary: 'Books that fit one square, with reasons and the points it unlocks',
      params: CellParams,
      response: { 200: SuggestionsResponse },
    },
    config: suggestionsLimit,
    handler: async (request) =>
      service.suggestionsForCell(await requireSignedIn(request), request.params.cellId),
  });

  api.get('/api/bingo/cells/:cellId/fit', {
    schema: {
      tags: ['bingo'],
      summary: "Whether a book meets a square's rule, with the reason or the warning",
      params: CellParams,
      querystring: FitQuery,
      response: { 200: FitResponse },
    },
    handler: async (request) =>
      service.fit(await requireSignedIn(request), request.params.cellId, request.query.isbn),
  });

  api.get('/api/bingo/fitting-books', {
    schema: {
      tags: ['bingo'],
      summary: 'Finished books not on the current card that fit its empty squares',
      response: { 200: FittingBooksResponse },
    },
    config: suggestionsLimit,
    preValidation: membersOnly(messages.bingo.mustLogInToSave),
    handler: async (request) =>
      service.fittingBooks(await requireMember(request, messages.bingo.mustLogInToSave)),
  });

  api.post('/api/bingo/fitting-books', {
    schema: {
      tags: ['bingo'],
      summary: 'Place every fitting finished book on its square, in one step',
      response: { 200: PlaceFittingBooksResponse },
    },
    config: progressLimit,
    preValidation: membersOnly(messages.bingo.mustLogInToSave),
    handler: async (request) =>
      service.placeFittingBooks(await requireMember(request, messages.bingo.mustLogInToSave)),
  });
}
