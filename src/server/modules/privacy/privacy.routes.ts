import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponse } from '../../../lib/schemas/common';
import { BlockedListResponse, BlockParams } from '../../../lib/schemas/privacy';
import type { AppDeps } from '../../app-deps';
import { LIVE_CHANNELS } from '../../events/hub';
import { membersOnly } from '../../http/members-only';
import { socialRateLimitRules } from '../../http/social-rate-limits';
import { requireMember } from '../../http/viewer';
import { createPrivacyService } from './privacy.service';
import { publishRelationsChanged } from './relations-cache';

/** Blocking (issue 12, decision 014): the owner's list, block and unblock; members only. */
export function registerPrivacyRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createPrivacyService(deps.database);
  const limits = socialRateLimitRules(deps.config.socialRateLimits);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];
  // A block ends a friendship and hides names: every instance forgets the two readers'
  // relations (decision 017) before the answer leaves, and open leaderboards refetch.
  const announce = (viewerId: string, userId: string) => {
    publishRelationsChanged(deps.bus, viewerId, userId);
    deps.bus.publish(LIVE_CHANNELS.leaderboard, '');
  };

  api.get('/api/blocks', {
    config: { rateLimit: limits.profileRefreshes },
    schema: {
      tags,
      summary: 'The readers you blocked, latest first',
      response: { 200: BlockedListResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => service.listBlocked(await requireMember(request)),
  });

  api.put('/api/blocks/:userId', {
    config: { rateLimit: limits.blockUpdates },
    schema: {
      tags,
      summary: 'Block a reader: ends any friendship, hides each from the other',
      params: BlockParams,
      response: { 200: MessageResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => {
      const viewer = await requireMember(request);
      const result = await service.block(viewer, request.params.userId);
      announce(viewer.id, request.params.userId);
      return result;
    },
  });

  api.delete('/api/blocks/:userId', {
    config: { rateLimit: limits.blockUpdates },
    schema: {
      tags,
      summary: 'Unblock a reader you blocked',
      params: BlockParams,
      response: { 200: MessageResponse },
    },
    preValidation: membersOnly(),
    handler: async (request) => {
      const viewer = await requireMember(request);
      const result = await service.unblock(viewer, request.params.userId);
      announce(viewer.id, request.params.userId);
      return result;
    },
  });
}
