import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../lib/messages';
import {
  ClubBody,
  ClubCardsResponse,
  ClubInviteListResponse,
  ClubInviteParams,
  ClubLeaderboardResponse,
  ClubListResponse,
  ClubMemberParams,
  ClubMembersResponse,
  ClubMessageResponse,
  ClubParams,
  ClubResponse,
  CreateClubCardBody,
  CreateClubCardResponse,
  CreateInviteBody,
  CreateInviteResponse,
  InvitePreviewResponse,
  InviteTokenParams,
  JoinRequestListResponse,
  SetClubRoleBody,
} from '../../../lib/schemas/clubs';
import type { AppDeps } from '../../app-deps';
import { membersOnly } from '../../http/members-only';
import { readingRateLimit } from '../../http/rate-limit-rules';
import { requireMember, requireSignedIn } from '../../http/viewer';
import { clubRateLimit } from './club-rate-limits';
import { createClubsService } from './clubs.service';

/**
 * Reading circles (issue 12, decision 016): clubs, members, invitation links, requests to join,
 * club cards and the club leaderboard. Who may call what: docs/SECURITY.md's club table.
 */
export function registerClubRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createClubsService(deps.database);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['clubs'];
  const overrides = deps.config.clubRateLimits;
  // Writes a person makes now and then; the leaderboard's own limit for its refetches.
  const leaderboardLimit = {
    rateLimit: readingRateLimit('leaderboardUpdates', deps.config.readingRateLimits),
  };
  /** Guests are told they must register, before their body is looked at. */
  const readersOnly = membersOnly(messages.clubs.guestsCannotJoin);
  const asReader = (request: Parameters<typeof requireMember>[0]) =>
    requireMember(request, messages.clubs.guestsCannotJoin);
  /** Signed-out callers hear 401 before a body they sent is looked at. */
  const signedInFirst = async (request: Parameters<typeof requireSignedIn>[0]) => {
    await requireSignedIn(request);
  };

  api.post('/api/clubs', {
    schema: {
      tags,
      summary: 'Create a club (the creator is its owner)',
      body: ClubBody,
      response: { 201: ClubResponse },
    },
    config: { rateLimit: clubRateLimit('clubCreations', overrides) },
    preValidation: readersOnly,
    handler: async (request, reply) => {
      const created = await service.create(await asReader(request), request.body);
      return reply.status(201).send(created);
    },
  });

  api.get('/api/clubs', {
    schema: { tags, summary: "The viewer's clubs", response: { 200: ClubListResponse } },
    handler: async (request) => service.list(await requireSignedIn(request)),
  });

  api.get('/api/clubs/:clubId', {
    schema: {
      tags,
      summary: 'A club: name, description, member count, the viewer role',
      params: ClubParams,
      response: { 200: ClubResponse },
    },
    handler: async (request) => service.get(await requireSignedIn(request), request.params.clubId),
  });

  api.patch('/api/clubs/:clubId', {
    schema: {
      tags,
      summary: 'Rename or describe a club (owners)',
      params: ClubParams,
      body: ClubBody,
      response: { 200: ClubResponse },
    },
    preValidation: signedInFirst,
    handler: async (request) =>
      service.update(await requireSignedIn(request), request.params.clubId, request.body),
  });

  api.delete('/api/clubs/:clubId', {
    schema: {
      tags,
      summary: 'Delete a club with its cards, invites and requests (owner)',
      params: ClubParams,
      response: { 200: ClubMessageResponse },
    },
    handler: async (request) =>
      service.remove(await requireSignedIn(request), request.params.clubId),
  });

  api.get('/api/clubs/:clubId/members', {
    schema: {
      tags,
      summary: 'The members (members only)',
      params: ClubParams,
      response: { 200: ClubMembersResponse },
    },
    handler: async (request) =>
      service.members(await requireSignedIn(request), request.params.clubId),
  });

  api.put('/api/clubs/:clubId/members/:userId/role', {
    schema: {
      tags,
      summary: 'Make a member a co-owner or a member again (owner)',
      params: ClubMemberParams,
      body: SetClubRoleBody,
      response: { 200: ClubMessageResponse },
    },
    preValidation: signedInFirst,
    handler: async (request) =>
      service.setRole(
        await requireSignedIn(request),
        request.params.clubId,
        request.params.userId,
        request.body.role,
      ),
  });

  api.delete('/api/clubs/:clubId/members/:userId', {
    schema: {
      tags,
      summary: 'Remove a member (owners), or leave (yourself)',
      params: ClubMemberParams,
      response: { 200: ClubMessageResponse },
    },
    handler: async (request) =>
      service.removeMember(
        await requireSignedIn(request),
        request.params.clubId,
        request.params.userId,
      ),
  });

  api.post('/api/clubs/:clubId/invites', {
    schema: {
      tags,
      summary: 'Create an invitation link (owners); the token is shown once',
      params: ClubParams,
      body: CreateInviteBody,
      response: { 201: CreateInviteResponse },
    },
    config: { rateLimit: clubRateLimit('clubInvites', overrides) },
    preValidation: signedInFirst,
    handler: async (request, reply) => {
      const created = await service.createInvite(
        await requireSignedIn(request),
        request.params.clubId,
        request.body,
      );
      return reply.status(201).send(created);
    },
  });

  api.get('/api/clubs/:clubId/invites', {
    schema: {
      tags,
      summary: 'Live invitation links (owners)',
      params: ClubParams,
      response: { 200: ClubInviteListResponse },
    },
    handler: async (request) =>
      service.invites(await requireSignedIn(request), request.params.clubId),
  });

  api.delete('/api/clubs/:clubId/invites/:inviteId', {
    schema: {
      tags,
      summary: 'Revoke an invitation link (owners)',
      params: ClubInviteParams,
      response: { 200: ClubMessageResponse },
    },
    handler: async (request) =>
      service.revokeInvite(
        await requireSignedIn(request),
        request.params.clubId,
        request.params.inviteId,
      ),
  });

  api.get('/api/club-invites/:token', {
    schema: {
      tags,
      summary: 'What an invitation link opens, before joining',
      params: InviteTokenParams,
      response: { 200: InvitePreviewResponse },
    },
    handler: async (request) =>
      service.previewInvite(await requireSignedIn(request), request.params.token),
  });

  api.post('/api/club-invites/:token', {
    schema: {
      tags,
      summary: 'Join a club through an invitation link',
      params: InviteTokenParams,
      response: { 200: ClubResponse },
    },
    preValidation: readersOnly,
    handler: async (request) => service.acceptInvite(await asReader(request), request.params.token),
  });

  api.post('/api/clubs/:clubId/requests', {
    schema: {
      tags,
      summary: 'Ask to join a club',
      params: ClubParams,
      response: { 200: ClubMessageResponse },
    },
    preValidation: readersOnly,
    handler: async (request) =>
      service.requestToJoin(await asReader(request), request.params.clubId),
  });

  api.get('/api/clubs/:clubId/requests', {
    schema: {
      tags,
      summary: 'Pending requests to join (owners)',
      params: ClubParams,
      response: { 200: JoinRequestListResponse },
    },
    handler: async (request) =>
      service.requests(await requireSignedIn(request), request.params.clubId),
  });

  api.post('/api/clubs/:clubId/requests/:userId/approve', {
    schema: {
      tags,
      summary: 'Approve a request to join (owners)',
      params: ClubMemberParams,
      response: { 200: ClubMessageResponse },
    },
    handler: async (request) =>
      service.approve(await requireSignedIn(request), request.params.clubId, request.params.userId),
  });

  api.delete('/api/clubs/:clubId/requests/:userId', {
    schema: {
      tags,
      summary: 'Decline a request to join (owners)',
      params: ClubMemberParams,
      response: { 200: ClubMessageResponse },
    },
    handler: async (request) =>
      service.decline(await requireSignedIn(request), request.params.clubId, request.params.userId),
  });

  api.get('/api/clubs/:clubId/cards', {
    schema: {
      tags,
      summary: "The club's cards, newest first (members only)",
      params: ClubParams,
      response: { 200: ClubCardsResponse },
    },
    handler: async (request) =>
      service.cards(await requireSignedIn(request), request.params.clubId),
  });

  api.post('/api/clubs/:clubId/cards', {
    schema: {
      tags,
      summary: 'Create a club card with its own reset date (owners)',
      params: ClubParams,
      body: CreateClubCardBody,
      response: { 201: CreateClubCardResponse },
    },
    config: { rateLimit: clubRateLimit('clubCardCreations', overrides) },
    preValidation: signedInFirst,
    handler: async (request, reply) => {
      const created = await service.createCard(
        await requireSignedIn(request),
        request.params.clubId,
        request.body,
      );
      return reply.status(201).send(created);
    },
  });

  api.get('/api/clubs/:clubId/leaderboard', {
    schema: {
      tags,
      summary: "Members by the points the club's cards earned them (members only)",
      params: ClubParams,
      response: { 200: ClubLeaderboardResponse },
    },
    config: leaderboardLimit,
    handler: async (request) =>
      service.leaderboard(await requireSignedIn(request), request.params.clubId),
  });
}
