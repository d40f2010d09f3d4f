import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponse } from '../../../lib/schemas/common';
import { FeedQuery, FeedResponse, PostParams } from '../../../lib/schemas/posts';
import type { AppDeps } from '../../app-deps';
import { socialRateLimitRules } from '../../http/social-rate-limits';
import { membersOnly } from '../../http/members-only';
import { requireMember } from '../../http/viewer';
import { createPostsService } from './posts.service';

/** The blog feed and post deletion (signed-in non-guests only). */
export function registerPostRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createPostsService(deps.database);
  const limits = socialRateLimitRules(deps.config.socialRateLimits);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['blog'];

  api.get('/api/posts', {
    config: { rateLimit: limits.blogRefreshes },
    schema: {
      tags,
      summary: "Ten blog posts, newest first: everyone's, friends' or yours",
      querystring: FeedQuery,
      response: { 200: FeedResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) =>
      service.feed(
        await requireMember(request),
        request.query.filter,
        request.query.cursor,
        request.query.clubId,
      ),
  });

  api.delete('/api/posts/:id', {
    config: { rateLimit: limits.postDeletes },
    schema: {
      tags,
      summary: 'Delete one of your own posts',
      params: PostParams,
      response: { 200: MessageResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => service.remove(await requireMember(request), request.params.id),
  });
}
