import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BookParams,
  BookResponse,
  BookSearchQuery,
  BookSearchResponse,
} from '../../../lib/schemas/books';
import type { AppDeps } from '../../app-deps';
import { providerAddressCeiling, readingRateLimit } from '../../http/rate-limit-rules';
import { requireSignedIn } from '../../http/viewer';

/** Generated covers never change for an ISBN's title and author; a day keeps them fresh enough. */
const COVER_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

export function registerBookRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = deps.books;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/books/search', {
    schema: {
      tags: ['books'],
      summary: 'Search the catalogue, then the enabled remote providers (guests too)',
      querystring: BookSearchQuery,
      response: { 200: BookSearchResponse },
    },
    config: { rateLimit: readingRateLimit('bookSearches', deps.config.readingRateLimits) },
    // Per reader above, and per address here: guests are free to make (security review).
    preHandler: providerAddressCeiling(app, 'bookSearches', deps.config),
    handler: async (request) => {
      const viewer = await requireSignedIn(request);
      return { books: await service.search(request.query.q, request.query.limit, viewer.id) };
    },
  });

  api.get('/api/books/:isbn', {
    schema: {
      tags: ['books'],
      summary: 'One book by ISBN-13 or ISBN-10',
      params: BookParams,
      response: { 200: BookResponse },
    },
    config: { rateLimit: readingRateLimit('bookLookups', deps.config.readingRateLimits) },
    preHandler: providerAddressCeiling(app, 'bookLookups', deps.config),
    handler: async (request) => {
      await requireSignedIn(request);
      return { book: await service.getBook(request.params.isbn) };
    },
  });

  // Public on purpose: an <img> asks for it, and it shows only a catalogued title and author.
  api.get('/api/books/:isbn/cover.svg', {
    schema: {
      tags: ['books'],
      summary: 'A generated cover (title and author on a colour derived from the ISBN)',
      params: BookParams,
    },
    handler: async (request, reply) => {
      const svg = await service.coverSvg(request.params.isbn);
      const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
      void reply.header('cache-control', COVER_CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
  });
}
