import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../lib/messages';
import { ErrorResponse } from '../../../lib/schemas/common';
import {
  IMPORT_MAX_BODY_BYTES,
  ImportBody,
  ImportInvalidResponse,
  ImportResponse,
} from '../../../lib/schemas/imports';
import type { AppDeps } from '../../app-deps';
import { rateLimitRule } from '../../http/rate-limits';
import { requireMember } from '../../http/viewer';
import { createImportsService } from './imports.service';

/** A person imports a library once or twice; retries after fixing rows stay well under this. */
const IMPORTS_PER_MINUTE = 60;

/** Bringing a Goodreads or StoryGraph library in (signed-in non-guests only). */
export function registerImportRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createImportsService(deps.database);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/imports', {
    // The API's 64 KB body limit is for forms; an export file needs more.
    bodyLimit: IMPORT_MAX_BODY_BYTES,
    config: {
      rateLimit: rateLimitRule('imports', IMPORTS_PER_MINUTE, 60_000, messages.rateLimit.generic),
    },
    schema: {
      tags: ['imports'],
      summary: 'Import a Goodreads or StoryGraph library export (CSV text, up to 5 MB)',
      description:
        'Every row is checked first: one malformed row answers 400 IMPORT_INVALID with every ' +
        'faulty row listed ({ row, message }, the header being row 1), and nothing is imported. ' +
        'Importing the same file again changes nothing.',
      body: ImportBody,
      response: { 200: ImportResponse, 400: z.union([ImportInvalidResponse, ErrorResponse]) },
    },
    handler: async (request, reply) => {
      const viewer = await requireMember(request, messages.book.pleaseLogInToAdd);
      const outcome = await service.importLibrary(viewer.id, request.body);
      if (!outcome.ok) return reply.status(400).send(outcome.invalid);
      return outcome.result;
    },
  });
}
