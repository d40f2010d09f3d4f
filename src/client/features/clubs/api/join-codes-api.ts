/** Issue 24: the calls of club join codes, typed by src/lib/schemas/club-codes.ts. */
import { queryOptions } from '@tanstack/react-query';
import type {
  CreateJoinCodeBody,
  CreateJoinCodeResponse,
  JoinCodeResponse,
} from '../../../../lib/schemas/club-codes';
import type { ClubResponse } from '../../../../lib/schemas/clubs';
import { apiRequest } from '../../../services/api-client';
import { clubKey } from './clubs-api';

const codePath = (clubId: string) => `/api/clubs/${encodeURIComponent(clubId)}/join-code`;

export function clubJoinCodeQueryOptions(clubId: string) {
  return queryOptions({
    queryKey: [...clubKey(clubId), 'join-code'] as const,
    queryFn: () => apiRequest<JoinCodeResponse>(codePath(clubId)),
  });
}

export function createJoinCode(
  clubId: string,
  body: CreateJoinCodeBody,
): Promise<CreateJoinCodeResponse> {
  return apiRequest(codePath(clubId), { method: 'POST', body });
}

export function revokeJoinCode(clubId: string): Promise<{ message: string }> {
  return apiRequest(codePath(clubId), { method: 'DELETE' });
}

export function joinByCode(code: string): Promise<ClubResponse> {
  return apiRequest('/api/club-codes', { method: 'POST', body: { code } });
}
