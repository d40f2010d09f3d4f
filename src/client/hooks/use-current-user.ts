import { useQuery } from '@tanstack/react-query';
import { meQueryOptions, type CurrentUser } from '../services/session-api';

export interface CurrentUserState {
  user: CurrentUser | null;
  /** True until the first answer of `GET /api/me` (SPEC.md section 4: auth is 'initializing'). */
  isInitializing: boolean;
}

/**
 * The current user from the ['me'] query. If the session cannot be read at all the visitor is
 * treated as signed out: the guards then send them to /login rather than show a broken page.
 */
export function useCurrentUser(): CurrentUserState {
  const query = useQuery(meQueryOptions);
  return {
    user: query.data?.user ?? null,
    isInitializing: query.isPending,
  };
}
