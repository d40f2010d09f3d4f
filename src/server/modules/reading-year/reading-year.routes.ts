import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OwnReadingYearResponse,
  ReadingYearParams,
  ReadingYearQuery,
  ReadingYearUserParams,
  UserReadingYearResponse,
} from '../../../lib/schemas/reading-year';
import type { AppDeps } from '../../app-deps';
import { membersOnly } from '../../http/members-only';
import { socialRateLimitRules } from '../../http/social-rate-limits';
import { requireMember } from '../../http/viewer';
import { createReadingYearService, type ReadingYearService } from './reading-year.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 25: the reading year's service, for the bench to time without HTTP. */
    readingYear: ReadingYearService;
  }
}

/**
 * Issue 25: your reading year (Profile > Stats, the Year in Review) and a reader's year as
 * their profile visibility allows. Members only, as the profile is (SPEC.md section 2).
 */
export function registerReadingYearRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createReadingYearService(deps.database, deps.png);
  app.decorate('readingYear', service);
  const limits = socialRateLimitRules(deps.config.socialRateLimits);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  api.get('/api/profile/reading-year', {
    config: { rateLimit: limits.profileRefreshes },
    schema: {
      tags,
      summary: 'Your reading year (?year=2026; the current year when left out)',
      querystring: ReadingYearQuery,
      response: { 200: OwnReadingYearResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => service.getOwn(await requireMember(request), request.query.year),
  });

  api.get('/api/users/:userId/reading-year', {
    config: { rateLimit: limits.profileRefreshes },
    schema: {
      tags,
      summary:
        "Another reader's reading year, answered as their profile is: hidden by their visibility or a block",
      params: ReadingYearUserParams,
      querystring: ReadingYearQuery,
      response: { 200: UserReadingYearResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) =>
      service.getUser(await requireMember(request), request.params.userId, request.query.year),
  });

  // The share image: the reader's own, private to their session (they download and post it).
  api.get('/api/profile/reading-year/:year/share.svg', {
    config: { rateLimit: limits.profileRefreshes },
    schema: {
      tags,
      summary: 'Your Year in Review as an SVG image, 1200 x 630',
      params: ReadingYearParams,
    },
    preValidation: membersOnly(),
    handler: async (request, reply) => {
      const svg = await service.image(await requireMember(request), request.params.year, 'svg');
      return reply
        .header('cache-control', 'private, no-cache')
        .type('image/svg+xml; charset=utf-8')
        .send(svg);
    },
  });

  api.get('/api/profile/reading-year/:year/share.png', {
    config: { rateLimit: limits.profileRefreshes },
    schema: {
      tags,
      summary: 'Your Year in Review as a PNG image, 1200 x 630',
      params: ReadingYearParams,
    },
    preValidation: membersOnly(),
    handler: async (request, reply) => {
      const png = await service.image(await requireMember(request), request.params.year, 'png');
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', `inline; filename="reading-year-${request.params.year}.png"`)
        .type('image/png')
        .send(png);
    },
  });
}
