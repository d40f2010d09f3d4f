import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_ROWS_PER_DAY, IMPORTS_PER_HOUR } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import { ErrorResponse } from '../../../lib/schemas/common';
import {
  IMPORT_MAX_BODY_BYTES,
  ImportBody,
  ImportInvalidResponse,
  ImportResponse,
} from '../../../lib/schemas/imports';
import type { AppConfig } from '../../config';
import type { AppDeps } from '../../app-deps';
import { rateLimitRule } from '../../http/rate-limits';
import { requireMember } from '../../http/viewer';
import { createImportsService } from './imports.service';

const HOUR_MS = 60 * 60 * 1000;

declare module '../../config' {
  interface AppConfig {
    /**
     * Overrides of the per-reader import limits (IMPORT_ROWS_PER_DAY, IMPORTS_PER_HOUR). Not
     * read from the environment: set by code that builds the config (a test that reaches them).
     */
    importLimits?: { rowsPerDay?: number; importsPerHour?: number };
  }
}

/**
 * The books one reader may add to their lists by import in a rolling day, under
 * RATE_LIMIT_SCALE like every per-reader limit (0 lifts it): null when there is none.
 */
export function importRowsPerDay(config: AppConfig): number | null {
  if (config.rateLimitScale === 0) return null;
  const max = config.importLimits?.rowsPerDay ?? IMPORT_ROWS_PER_DAY;
  return Math.max(1, Math.round(max * config.rateLimitScale));
}

/** Bringing a Goodreads or StoryGraph library in (signed-in non-guests only). */
export function registerImportRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createImportsService(deps.database);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const importsPerHour = deps.config.importLimits?.importsPerHour ?? IMPORTS_PER_HOUR;

  api.post('/api/imports', {
    // The API's 64 KB body limit is for forms; an export file needs more.
    bodyLimit: IMPORT_MAX_BODY_BYTES,
    config: {
      rateLimit: rateLimitRule(
        'imports',
        importsPerHour,
        HOUR_MS,
        messages.imports.tooManyImports(importsPerHour),
      ),
    },
    schema: {
      tags: ['imports'],
      summary: 'Import a Goodreads or StoryGraph library export (CSV text, up to 5 MB)',
      description:
        'Every row is checked first: one malformed row answers 400 IMPORT_INVALID with every ' +
        'faulty row listed ({ row, message }, the header being row 1), and nothing is imported. ' +
        'Importing the same file again changes nothing. A reader adds at most ' +
        `${IMPORT_ROWS_PER_DAY} books a day this way (429 IMPORT_QUOTA, nothing imported) and ` +
        `sends at most ${IMPORTS_PER_HOUR} imports an hour. Books only the file knows are ` +
        'found by their importer alone until a provider or an admin confirms them.',
      body: ImportBody,
      response: {
        200: ImportResponse,
        400: z.union([ImportInvalidResponse, ErrorResponse]),
        429: ErrorResponse,
      },
    },
    handler: async (request, reply) => {
      const viewer = await requireMember(request, messages.book.pleaseLogInToAdd);
      const outcome = await service.importLibrary(viewer.id, request.body, {
        rowsPerDay: importRowsPerDay(deps.config),
      });
      if (outcome.ok) return outcome.result;
      if ('invalid' in outcome) return reply.status(400).send(outcome.invalid);
      const { max, left } = outcome.quota;
      return reply.status(429).send({
        error: {
          code: 'IMPORT_QUOTA',
          message:
            left > 0 ? messages.imports.quotaLeft(max, left) : messages.imports.quotaReached(max),
        },
      });
    },
  });
}
