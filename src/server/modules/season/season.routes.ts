import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../lib/messages';
import {
  PopularBooksResponse,
  PopularCellParams,
  SeasonParams,
  SeasonStatsResponse,
} from '../../../lib/schemas/season';
import type { AppDeps } from '../../app-deps';
import { membersOnly } from '../../http/members-only';
import { readingRateLimit } from '../../http/rate-limit-rules';
import { requireMember } from '../../http/viewer';
import { renderSeasonSvg } from './season-image';
import { createSeasonService } from './season.service';

/** PNGs kept per instance, one per card, each for the answer it was drawn from. */
const KEPT_PNGS = 50;

/**
 * Issue 25 (decision 029): what others read for a square and a card's season statistics, with
 * an image of its headline numbers. Registered readers only (guests 403, signed out 401); a
 * club card only to its members (404 to others). Who may call them: docs/SECURITY.md.
 */
export function registerSeasonRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createSeasonService(deps.database);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guests = membersOnly(messages.access.loginRequired);
  const sheetLimit = {
    rateLimit: readingRateLimit('bookSuggestions', deps.config.readingRateLimits),
  };
  const pageLimit = {
    rateLimit: readingRateLimit('leaderboardUpdates', deps.config.readingRateLimits),
  };
  const pngs = new Map<string, { generatedAt: string; png: Promise<Buffer> }>();

  api.get('/api/bingo/cells/:cellId/popular', {
    schema: {
      tags: ['bingo'],
      summary: 'Books other readers placed on this square, most used first (3 readers at least)',
      params: PopularCellParams,
      response: { 200: PopularBooksResponse },
    },
    config: sheetLimit,
    preValidation: guests,
    handler: async (request) =>
      service.popular(await requireMember(request), request.params.cellId),
  });

  api.get('/api/grids/:gridId/season-stats', {
    schema: {
      tags: ['grids'],
      summary: "A card's season statistics: books and authors most used, squares, lines",
      params: SeasonParams,
      response: { 200: SeasonStatsResponse },
    },
    config: pageLimit,
    preValidation: guests,
    handler: async (request, reply) => {
      const stats = await service.seasonStats(await requireMember(request), request.params.gridId);
      void reply.header('cache-control', 'private, no-cache');
      return stats;
    },
  });

  api.get('/api/grids/:gridId/season-stats.svg', {
    schema: {
      tags: ['grids'],
      summary: "A card's season headline numbers as SVG (1200 x 630, nothing personal)",
      params: SeasonParams,
    },
    config: pageLimit,
    preValidation: guests,
    handler: async (request, reply) => {
      const stats = await service.seasonStats(await requireMember(request), request.params.gridId);
      return reply
        .header('cache-control', 'private, no-cache')
        .type('image/svg+xml; charset=utf-8')
        .send(renderSeasonSvg(stats));
    },
  });

  api.get('/api/grids/:gridId/season-stats.png', {
    schema: {
      tags: ['grids'],
      summary: "A card's season headline numbers as PNG (1200 x 630, nothing personal)",
      params: SeasonParams,
    },
    config: pageLimit,
    preValidation: guests,
    handler: async (request, reply) => {
      const stats = await service.seasonStats(await requireMember(request), request.params.gridId);
      let kept = pngs.get(stats.grid.id);
      if (!kept || kept.generatedAt !== stats.generatedAt) {
        kept = { generatedAt: stats.generatedAt, png: deps.png.render(renderSeasonSvg(stats)) };
        pngs.delete(stats.grid.id);
        pngs.set(stats.grid.id, kept);
        while (pngs.size > KEPT_PNGS) pngs.delete(pngs.keys().next().value!);
        kept.png.catch(() => pngs.delete(stats.grid.id));
      }
      return reply
        .header('cache-control', 'private, no-cache')
        .type('image/png')
        .send(await kept.png);
    },
  });
}
