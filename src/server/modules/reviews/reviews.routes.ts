import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../lib/messages';
import { PostReviewBody, PostReviewResponse } from '../../../lib/schemas/reviews';
import type { AppDeps } from '../../app-deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { membersOnly } from '../../http/members-only';
import { readingRateLimit } from '../../http/rate-limit-rules';
import { requireMember } from '../../http/viewer';
import { createReviewsService } from './reviews.service';

export function registerReviewRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createReviewsService(deps.database);
  app.withTypeProvider<ZodTypeProvider>().post('/api/reviews', {
    schema: {
      tags: ['reviews'],
      summary: 'Post a review to the blog and rate the book (members only)',
      body: PostReviewBody,
      response: { 201: PostReviewResponse },
    },
    config: { rateLimit: readingRateLimit('reviewPosts', deps.config.readingRateLimits) },
    preValidation: membersOnly(),
    handler: async (request, reply) => {
      const post = await service.postReview(
        await requireMember(request),
        request.body,
        idempotencyKeyOf(request),
      );
      return reply.status(201).send({ message: messages.review.posted, post });
    },
  });
}
