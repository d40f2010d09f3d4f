import type { FastifyRequest } from 'fastify';
import { requireMember } from './viewer';

/**
 * A preValidation hook that turns away guests and signed-out callers before the body or query
 * is checked, so they hear why they may not, not what was wrong with what they sent. The
 * handler's own requireMember then reads the same memoised viewer.
 */
export function membersOnly(guestMessage?: string) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireMember(request, guestMessage);
  };
}
