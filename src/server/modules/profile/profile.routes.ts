import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ProfileResponse,
  UpdateProfileBody,
  UpdateProfileResponse,
  UserParams,
  UserProfileResponse,
} from '../../../lib/schemas/profile';
import type { AppDeps } from '../../app-deps';
import { LIVE_CHANNELS } from '../../events/hub';
import { publishSessionsRevoked } from '../../http/session-cache';
import { socialRateLimitRules } from '../../http/social-rate-limits';
import { membersOnly } from '../../http/members-only';
import { requireMember } from '../../http/viewer';
import { createProfileService } from './profile.service';

/** The profile page and friend profiles (signed-in non-guests only, SPEC.md section 2). */
export function registerProfileRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createProfileService(deps.database);
  const limits = socialRateLimitRules(deps.config.socialRateLimits);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  api.get('/api/profile', {
    config: { rateLimit: limits.profileRefreshes },
    schema: {
      tags,
      summary: 'Your profile card, reading stats and tab counts',
      response: { 200: ProfileResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => service.getOwn(await requireMember(request)),
  });

  api.patch('/api/profile', {
    config: { rateLimit: limits.profileUpdates },
    schema: {
      tags,
      summary: 'Edit your username, bio, avatar, private facts or profile visibility',
      body: UpdateProfileBody,
      response: { 200: UpdateProfileResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => {
      const viewer = await requireMember(request);
      const updated = await service.update(viewer, request.body);
      // The viewer carries the username: cached sessions learn the new one (decision 011).
      publishSessionsRevoked(deps.bus, viewer.id);
      // A new visibility changes the name others see on leaderboards (issue 12): open ones
      // refetch, and every instance empties its Global Top 10.
      if (request.body.visibility !== undefined) deps.bus.publish(LIVE_CHANNELS.leaderboard, '');
      return updated;
    },
  });

  api.get('/api/users/:userId/profile', {
    config: { rateLimit: limits.profileRefreshes },
    schema: {
      tags,
      summary:
        "Another reader's read-only profile: books, want-to-read and stats, or hidden by their visibility or a block",
      params: UserParams,
      response: { 200: UserProfileResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => {
      return service.getUserProfile(await requireMember(request), request.params.userId);
    },
  });
}
