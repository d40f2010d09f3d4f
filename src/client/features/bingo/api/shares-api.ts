/** Share links to the reader's own cards (issue 12): make one, list the live ones, revoke one. */
import { queryOptions } from '@tanstack/react-query';
import type {
  CreateShareResponse,
  RevokeShareResponse,
  ShareListResponse,
} from '../../../../lib/schemas/share';
import { apiRequest } from '../../../services/api-client';

export const SHARES_QUERY_KEY = ['shares'] as const;

export const sharesQueryOptions = queryOptions({
  queryKey: SHARES_QUERY_KEY,
  queryFn: () => apiRequest<ShareListResponse>('/api/shares'),
});

export function createShare(gridId: string): Promise<CreateShareResponse> {
  return apiRequest<CreateShareResponse>('/api/shares', { method: 'POST', body: { gridId } });
}

export function revokeShare(id: string): Promise<RevokeShareResponse> {
  return apiRequest<RevokeShareResponse>(`/api/shares/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}
