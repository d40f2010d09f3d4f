/** The Friends tab's calls: list, Add Friend, Accept, Reject, Remove (SPEC.md sections 2 and 4). */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageResponse } from '../../../../lib/schemas/common';
import type { FriendListResponse, FriendResponse } from '../../../../lib/schemas/friends';
import { apiRequest } from '../../../services/api-client';
import { OWN_PROFILE_KEY } from './profile-api';

type Message = z.infer<typeof MessageResponse>;

/**
 * Requests arrive from other readers at any time, so the list is reloaded whenever the tab is
 * opened or the window regains focus (the server limits how often: friend list refreshes).
 */
export const friendsQueryOptions = queryOptions({
  queryKey: [...OWN_PROFILE_KEY, 'friends'] as const,
  queryFn: () => apiRequest<FriendListResponse>('/api/friends'),
});

/** `query` is an email or a username, in any case. */
export function sendFriendRequest(query: string): Promise<FriendResponse> {
  return apiRequest('/api/friends', { method: 'POST', body: { query } });
}

export function acceptFriendRequest(id: string): Promise<FriendResponse> {
  return apiRequest(`/api/friends/${encodeURIComponent(id)}/accept`, { method: 'POST', body: {} });
}

export function rejectFriendRequest(id: string): Promise<Message> {
  return apiRequest(`/api/friends/${encodeURIComponent(id)}/reject`, { method: 'POST', body: {} });
}

export function removeFriend(id: string): Promise<Message> {
  return apiRequest(`/api/friends/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
