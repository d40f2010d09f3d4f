/** The signed-in user as `GET /api/me` describes it (types from the shared schema). */
import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser, MeResponse } from '../../lib/schemas/me';
import { apiRequest } from './api-client';

export type { CurrentUser, MeResponse };

export const ME_QUERY_KEY = ['me'] as const;

export function getMe(): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/me');
}

/** Shared by the shell, the guards and the auth pages; refresh it after every sign-in or out. */
export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: getMe,
  staleTime: 60_000,
});

/** SPEC.md section 3: a guest is an anonymous sign-in, whose role is always guest. */
export function isGuest(user: CurrentUser): boolean {
  return user.isAnonymous || user.role === 'guest';
}
