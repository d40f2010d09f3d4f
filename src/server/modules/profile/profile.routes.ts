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
      summary: 'Edit your username, bio or avatar',
      body: UpdateProfileBody,
      response: { 200: UpdateProfileResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => {
      const viewer = await requireMember(request);
      const updated = await service.update(viewer, request.body);
      // The viewer carries the username: cached sessions learn the new one (decision 011).
      publishSessionsRevoked(deps.bus, viewer.id);
      return updated;
    },
  });

  api.get('/api/users/:userId/profile', {
    config: { rateLimit: limits.profileRefreshes },
    schema: {
      tags,
      summary: "Another reader's read-only profile: books, want-to-read and stats",
      params: UserParams,
      response: { 200: UserProfileResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => {
      await requireMember(request);
      return service.getUserProfile(request.params.userId);
    },
  });
}
