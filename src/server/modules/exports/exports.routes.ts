import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../lib/messages';
import { ReaderExport } from '../../../lib/schemas/exports';
import type { AppDeps } from '../../app-deps';
import { rateLimitRule } from '../../http/rate-limits';
import { requireMember } from '../../http/viewer';
import { createExportsService } from './exports.service';

/** Downloads are rare: a few a minute is generous, and each reads the reader's whole history. */
const EXPORTS_PER_MINUTE = 10;

/** A download name with today's date, e.g. hedgehog-reading-bingo-2026-05-14.json. */
function attachment(base: string, extension: string): string {
  const day = new Date().toISOString().slice(0, 10);
  return `attachment; filename="${base}-${day}.${extension}"`;
}

/** Taking your reading history out (signed-in non-guests only). */
export function registerExportRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createExportsService(deps.database);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limit = rateLimitRule('exports', EXPORTS_PER_MINUTE, 60_000, messages.rateLimit.generic);

  api.get('/api/exports/me.json', {
    config: { rateLimit: limit },
    schema: {
      tags: ['exports'],
      summary: 'Everything you own: profile, placements, books, lists, posts and friends',
      response: { 200: ReaderExport },
    },
    handler: async (request, reply) => {
      const data = await service.exportAll(await requireMember(request));
      void reply
        .header('content-disposition', attachment('hedgehog-reading-bingo', 'json'))
        .header('cache-control', 'no-store');
      return data;
    },
  });

  api.get('/api/exports/finished-books.csv', {
    config: { rateLimit: limit },
    schema: {
      tags: ['exports'],
      summary: 'Your finished books as CSV (ISBN13, Title, Author, My Rating, dates, review)',
      response: { 200: z.string() },
    },
    handler: async (request, reply) => {
      const csv = await service.finishedBooksCsv(await requireMember(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('finished-books', 'csv'))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
}
