import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../lib/messages';
import { AdminActionResponse, UserParams } from '../../../lib/schemas/admin';
import {
  CreateReportBody,
  CreateReportResponse,
  ModerationQueueQuery,
  ModerationQueueResponse,
  ModerationReasonBody,
  ReportTargetParams,
  ResetFieldsBody,
  SuspendBody,
} from '../../../lib/schemas/moderation';
import { text } from '../../../lib/schemas/text';
import type { AppDeps } from '../../app-deps';
import { membersOnly } from '../../http/members-only';
import {
  featureRateLimitRule,
  MINUTE_MS,
  type FeatureLimit,
  type FeatureLimitOverrides,
} from '../../http/rate-limits';
import { requireAdmin, requireMember } from '../../http/viewer';
import { createModerationService } from './moderation.service';

/**
 * Reports a reader may send (issue 23): a person reports a post or two now and then; a script
 * flooding the queue is stopped. Per reader; RATE_LIMIT_SCALE applies (app.ts).
 */
export const MODERATION_RATE_LIMITS = {
  reports: { max: 10, windowMs: 60 * MINUTE_MS, message: messages.moderation.tooManyReports },
  // A club owner tidying the feed hides or shows a few posts; toggling in a loop is stopped.
  clubPostHides: {
    max: 60,
    windowMs: 60 * MINUTE_MS,
    message: messages.moderation.tooManyClubHides,
  },
} as const satisfies Record<string, FeatureLimit>;

declare module '../../config' {
  interface AppConfig {
    /** Overrides of MODERATION_RATE_LIMITS (set by code, e.g. a test; never the environment). */
    moderationRateLimits?: FeatureLimitOverrides<keyof typeof MODERATION_RATE_LIMITS>;
  }
}

const PostIdParams = z.object({ postId: text({ max: 100 }).trim().min(1) });
const ClubIdParams = z.object({ clubId: text({ max: 100 }).trim().min(1) });
const ClubPostParams = ClubIdParams.extend({ postId: text({ max: 100 }).trim().min(1) });

/**
 * Reports (signed-in readers), the moderation queue and its actions (admins), suspensions
 * (admins) and a club's owners hiding a post from their club's feed (issue 23).
 */
export function registerModerationRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createModerationService(deps.database, deps);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['moderation'];
  const reportLimit = featureRateLimitRule(
    'reports',
    MODERATION_RATE_LIMITS.reports,
    deps.config.moderationRateLimits?.reports,
  );
  const clubHideLimit = featureRateLimitRule(
    'club-post-hides',
    MODERATION_RATE_LIMITS.clubPostHides,
    deps.config.moderationRateLimits?.clubPostHides,
  );

  api.post('/api/reports', {
    config: { rateLimit: reportLimit },
    schema: {
      tags,
      summary: 'Report a post, a profile or a club to the moderators',
      body: CreateReportBody,
      response: { 201: CreateReportResponse },
    },
    preValidation: membersOnly(),
    handler: async (request, reply) => {
      const received = await service.report(await requireMember(request), request.body);
      return reply.status(201).send(received);
    },
  });

  api.get('/api/admin/reports', {
    schema: {
      tags,
      summary: 'Open reports grouped by target, oldest first, 25 a page',
      querystring: ModerationQueueQuery,
      response: { 200: ModerationQueueResponse },
    },
    preValidation: async (request) => void (await requireAdmin(request)),
    handler: async (request) => {
      await requireAdmin(request);
      return service.queue(request.query.cursor);
    },
  });

  api.post('/api/admin/reports/:targetType/:targetId/dismiss', {
    schema: {
      tags,
      summary: "Close a target's open reports without acting on it",
      params: ReportTargetParams,
      body: ModerationReasonBody.nullish(),
      response: { 200: AdminActionResponse },
    },
    preValidation: async (request) => void (await requireAdmin(request)),
    handler: async (request) =>
      service.dismiss(await requireAdmin(request), request.params, request.body?.reason),
  });

  api.post('/api/admin/posts/:postId/hide', {
    schema: {
      tags,
      summary: 'Hide a post from everyone but its author',
      params: PostIdParams,
      body: ModerationReasonBody.nullish(),
      response: { 200: AdminActionResponse },
    },
    preValidation: async (request) => void (await requireAdmin(request)),
    handler: async (request) =>
      service.setPostHidden(
        await requireAdmin(request),
        request.params.postId,
        true,
        request.body?.reason,
      ),
  });

  api.delete('/api/admin/posts/:postId/hide', {
    schema: {
      tags,
      summary: 'Show a hidden post again',
      params: PostIdParams,
      body: ModerationReasonBody.nullish(),
      response: { 200: AdminActionResponse },
    },
    preValidation: async (request) => void (await requireAdmin(request)),
    handler: async (request) =>
      service.setPostHidden(
        await requireAdmin(request),
        request.params.postId,
        false,
        request.body?.reason,
      ),
  });

  api.delete('/api/admin/posts/:postId', {
    schema: {
      tags,
      summary: 'Remove a post for good',
      params: PostIdParams,
      body: ModerationReasonBody.nullish(),
      response: { 200: AdminActionResponse },
    },
    preValidation: async (request) => void (await requireAdmin(request)),
    handler: async (request) =>
      service.removePost(await requireAdmin(request), request.params.postId, request.body?.reason),
  });

  api.post('/api/admin/users/:userId/reset-profile', {
    schema: {
      tags,
      summary: "Set a reader's name or bio back to the default",
      params: UserParams,
      body: ResetFieldsBody,
      response: { 200: AdminActionResponse },
    },
    preValidation: async (request) => void (await requireAdmin(request)),
    handler: async (request) =>
      service.resetProfile(await requireAdmin(request), request.params.userId, request.body),
  });

  api.post('/api/admin/clubs/:clubId/reset', {
    schema: {
      tags,
      summary: "Set a club's name or description back to the default",
      params: ClubIdParams,
      body: ResetFieldsBody,
      response: { 200: AdminActionResponse },
    },
    preValidation: async (request) => void (await requireAdmin(request)),
    handler: async (request) =>
      service.resetClub(await requireAdmin(request), request.params.clubId, request.body),
  });

  api.post('/api/admin/users/:userId/suspension', {
    schema: {
      tags,
      summary: 'Suspend a reader for a number of days, or for good',
      params: UserParams,
      body: SuspendBody,
      response: { 200: AdminActionResponse },
    },
    preValidation: async (request) => void (await requireAdmin(request)),
    handler: async (request) =>
      service.suspend(await requireAdmin(request), request.params.userId, request.body),
  });

  api.delete('/api/admin/users/:userId/suspension', {
    schema: {
      tags,
      summary: 'Lift a suspension',
      params: UserParams,
      body: ModerationReasonBody.nullish(),
      response: { 200: AdminActionResponse },
    },
    preValidation: async (request) => void (await requireAdmin(request)),
    handler: async (request) =>
      service.unsuspend(await requireAdmin(request), request.params.userId, request.body?.reason),
  });

  api.post('/api/clubs/:clubId/posts/:postId/hide', {
    schema: {
      tags,
      summary: "Hide a member's post from the club's feed (the club's owners)",
      params: ClubPostParams,
      response: { 200: AdminActionResponse },
    },
    config: { rateLimit: clubHideLimit },
    preValidation: membersOnly(),
    handler: async (request) =>
      service.setHiddenInClub(
        await requireMember(request),
        request.params.clubId,
        request.params.postId,
        true,
      ),
  });

  api.delete('/api/clubs/:clubId/posts/:postId/hide', {
    schema: {
      tags,
      summary: "Show a post in the club's feed again (the club's owners)",
      params: ClubPostParams,
      response: { 200: AdminActionResponse },
    },
    config: { rateLimit: clubHideLimit },
    preValidation: membersOnly(),
    handler: async (request) =>
      service.setHiddenInClub(
        await requireMember(request),
        request.params.clubId,
        request.params.postId,
        false,
      ),
  });
}
