import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponse } from '../../../lib/schemas/common';
import {
  AddFriendBody,
  FriendListResponse,
  FriendResponse,
  FriendshipParams,
} from '../../../lib/schemas/friends';
import type { AppDeps } from '../../app-deps';
import { socialRateLimitRules } from '../../http/social-rate-limits';
import { membersOnly } from '../../http/members-only';
import { requireMember } from '../../http/viewer';
import { createFriendsService } from './friends.service';

/** The Friends tab: list, Add Friend, Accept, Reject, Remove (signed-in non-guests only). */
export function registerFriendRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createFriendsService(deps.database, deps.bus);
  const limits = socialRateLimitRules(deps.config.socialRateLimits);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['friends'];

  api.get('/api/friends', {
    config: { rateLimit: limits.friendListRefreshes },
    schema: {
      tags,
      summary: 'Your friends and friend requests, both directions',
      response: { 200: FriendListResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => service.list(await requireMember(request)),
  });

  api.post('/api/friends', {
    config: { rateLimit: limits.friendRequests },
    schema: {
      tags,
      summary: 'Send a friend request by email or username',
      body: AddFriendBody,
      response: { 201: FriendResponse },
    },
    preValidation: membersOnly(),
    handler: async (request, reply) => {
      const viewer = await requireMember(request);
      return reply.status(201).send(await service.sendRequest(viewer, request.body.query));
    },
  });

  api.post('/api/friends/:id/accept', {
    config: { rateLimit: limits.friendRequests },
    schema: {
      tags,
      summary: 'Accept a friend request you received',
      params: FriendshipParams,
      response: { 200: FriendResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => service.accept(await requireMember(request), request.params.id),
  });

  api.post('/api/friends/:id/reject', {
    config: { rateLimit: limits.friendRequests },
    schema: {
      tags,
      summary: 'Reject a friend request you received (it is deleted)',
      params: FriendshipParams,
      response: { 200: MessageResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => service.reject(await requireMember(request), request.params.id),
  });

  api.delete('/api/friends/:id', {
    config: { rateLimit: limits.friendRequests },
    schema: {
      tags,
      summary: 'Remove a friend (either side of an accepted friendship)',
      params: FriendshipParams,
      response: { 200: MessageResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => service.remove(await requireMember(request), request.params.id),
  });
}
