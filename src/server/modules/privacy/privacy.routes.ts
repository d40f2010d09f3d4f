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

/** Blocking (issue 12, decision 014): the owner's list, block and unblock; members only. */
export function registerPrivacyRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createPrivacyService(deps.database);
  const limits = socialRateLimitRules(deps.config.socialRateLimits);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];
  // A block ends a friendship and hides names: open leaderboards refetch.
  const announce = () => deps.bus.publish(LIVE_CHANNELS.leaderboard, '');

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
      const result = await service.block(await requireMember(request), request.params.userId);
      announce();
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
      const result = await service.unblock(await requireMember(request), request.params.userId);
      announce();
      return result;
    },
  });
}
