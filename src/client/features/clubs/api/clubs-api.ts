/** Reading circles (issue 12): the calls of the club pages, typed by src/lib/schemas/clubs.ts. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ClubBody,
  ClubCardsResponse,
  ClubInviteListResponse,
  ClubLeaderboardResponse,
  ClubListResponse,
  ClubMembersResponse,
  ClubMessageResponse,
  ClubResponse,
  CreateClubCardBody,
  CreateClubCardResponse,
  CreateInviteBody,
  CreateInviteResponse,
  InvitePreviewResponse,
  JoinRequestListResponse,
} from '../../../../lib/schemas/clubs';
import { apiRequest } from '../../../services/api-client';

type Message = z.infer<typeof ClubMessageResponse>;

/** Every club query sits under this root: a change to a club refreshes what shows it. */
export const CLUBS_KEY = ['clubs'] as const;

const clubPath = (clubId: string) => `/api/clubs/${encodeURIComponent(clubId)}`;

export const myClubsQueryOptions = queryOptions({
  queryKey: [...CLUBS_KEY, 'mine'] as const,
  queryFn: () => apiRequest<ClubListResponse>('/api/clubs'),
});

export function clubKey(clubId: string) {
  return [...CLUBS_KEY, 'club', clubId] as const;
}

export function clubQueryOptions(clubId: string) {
  return queryOptions({
    queryKey: clubKey(clubId),
    queryFn: () => apiRequest<ClubResponse>(clubPath(clubId)),
  });
}

export function clubMembersQueryOptions(clubId: string) {
  return queryOptions({
    queryKey: [...clubKey(clubId), 'members'] as const,
    queryFn: () => apiRequest<ClubMembersResponse>(`${clubPath(clubId)}/members`),
  });
}

export function clubLeaderboardQueryOptions(clubId: string) {
  return queryOptions({
    queryKey: [...clubKey(clubId), 'leaderboard'] as const,
    queryFn: () => apiRequest<ClubLeaderboardResponse>(`${clubPath(clubId)}/leaderboard`),
  });
}

export function clubCardsQueryOptions(clubId: string) {
  return queryOptions({
    queryKey: [...clubKey(clubId), 'cards'] as const,
    queryFn: () => apiRequest<ClubCardsResponse>(`${clubPath(clubId)}/cards`),
  });
}

export function clubInvitesQueryOptions(clubId: string) {
  return queryOptions({
    queryKey: [...clubKey(clubId), 'invites'] as const,
    queryFn: () => apiRequest<ClubInviteListResponse>(`${clubPath(clubId)}/invites`),
  });
}

export function clubRequestsQueryOptions(clubId: string) {
  return queryOptions({
    queryKey: [...clubKey(clubId), 'requests'] as const,
    queryFn: () => apiRequest<JoinRequestListResponse>(`${clubPath(clubId)}/requests`),
  });
}

const invitePath = (token: string) => `/api/club-invites/${encodeURIComponent(token)}`;

export function invitePreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...CLUBS_KEY, 'invite', token] as const,
    queryFn: () => apiRequest<InvitePreviewResponse>(invitePath(token)),
  });
}

export function createClub(body: ClubBody): Promise<ClubResponse> {
  return apiRequest('/api/clubs', { method: 'POST', body });
}

export function deleteClub(clubId: string): Promise<Message> {
  return apiRequest(clubPath(clubId), { method: 'DELETE' });
}

export function setMemberRole(
  clubId: string,
  userId: string,
  role: 'co_owner' | 'member',
): Promise<Message> {
  return apiRequest(`${clubPath(clubId)}/members/${encodeURIComponent(userId)}/role`, {
    method: 'PUT',
    body: { role },
  });
}

/** Removes a member; with the viewer's own id, leaves the club. */
export function removeMember(clubId: string, userId: string): Promise<Message> {
  return apiRequest(`${clubPath(clubId)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });
}

export function createInvite(
  clubId: string,
  body: CreateInviteBody,
): Promise<CreateInviteResponse> {
  return apiRequest(`${clubPath(clubId)}/invites`, { method: 'POST', body });
}

export function revokeInvite(clubId: string, inviteId: string): Promise<Message> {
  return apiRequest(`${clubPath(clubId)}/invites/${encodeURIComponent(inviteId)}`, {
    method: 'DELETE',
  });
}

export function joinByInvite(token: string): Promise<ClubResponse> {
  return apiRequest(invitePath(token), { method: 'POST', body: {} });
}

export function askToJoin(clubId: string): Promise<Message> {
  return apiRequest(`${clubPath(clubId)}/requests`, { method: 'POST', body: {} });
}

export function approveRequest(clubId: string, userId: string): Promise<Message> {
  return apiRequest(`${clubPath(clubId)}/requests/${encodeURIComponent(userId)}/approve`, {
    method: 'POST',
    body: {},
  });
}

export function declineRequest(clubId: string, userId: string): Promise<Message> {
  return apiRequest(`${clubPath(clubId)}/requests/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });
}

export function createClubCard(
  clubId: string,
  body: CreateClubCardBody,
): Promise<z.infer<typeof CreateClubCardResponse>> {
  return apiRequest(`${clubPath(clubId)}/cards`, { method: 'POST', body });
}
