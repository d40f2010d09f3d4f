/** The signed-in user as `GET /api/me` describes it (types from the shared schema). */
import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser, MeResponse } from '../../lib/schemas/me';
import { messages } from '../../lib/messages';
import { ApiError, apiRequest } from './api-client';

export type { CurrentUser, MeResponse };

export const ME_QUERY_KEY = ['me'] as const;

/**
 * The session check. An answer that is not ours (a captive portal's sign-in page served with
 * 200 in place of any address) decides nothing about the session: it fails as a network error
 * would, so the reader keeps their offline copy (offline/reachability.ts) instead of being
 * shown as signed out.
 */
export async function getMe(): Promise<MeResponse> {
  const body: unknown = await apiRequest('/api/me');
  if (typeof body !== 'object' || body === null || !('user' in body)) {
    throw new ApiError(0, 'NOT_OUR_ANSWER', messages.generic.serverError);
  }
  return body as MeResponse;
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
