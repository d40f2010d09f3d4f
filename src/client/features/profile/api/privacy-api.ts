/**
 * Blocking (issue 12, decision 014): the reader's blocked list, block and unblock. The
 * profile's visibility is saved with the Edit Profile form (profile-api.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { PROFILE_REFRESH_THROTTLE_MS } from '../../../../lib/limits';
import type { MessageResponse } from '../../../../lib/schemas/common';
import type { BlockedListResponse } from '../../../../lib/schemas/privacy';
import type { z } from 'zod';
import { apiRequest } from '../../../services/api-client';
import { OWN_PROFILE_KEY } from '../../../services/query-keys';

type Message = z.infer<typeof MessageResponse>;

/** Under the own profile's key: it changes only through the reader's own blocks. */
export const blockedReadersQueryOptions = queryOptions({
  queryKey: [...OWN_PROFILE_KEY, 'blocked'] as const,
  queryFn: () => apiRequest<BlockedListResponse>('/api/blocks'),
  staleTime: PROFILE_REFRESH_THROTTLE_MS,
});

export function blockReader(userId: string): Promise<Message> {
  return apiRequest(`/api/blocks/${encodeURIComponent(userId)}`, { method: 'PUT' });
}

export function unblockReader(userId: string): Promise<Message> {
  return apiRequest(`/api/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}
