import { useQuery } from '@tanstack/react-query';
import { useServerUnreachable } from '../offline/use-online';
import { meQueryOptions, type CurrentUser } from '../services/session-api';

export interface CurrentUserState {
  user: CurrentUser | null;
  /** True until the first answer of `GET /api/me` (SPEC.md section 4: auth is 'initializing'). */
  isInitializing: boolean;
  /**
   * True when `GET /api/me` got no answer (network failure, 5xx) while the browser says it is
   * online, and this device keeps no copy of a reader (lie-fi, issue 26): nobody knows who is signed in.
   */
  isUnavailable: boolean;
}

/**
 * The current user from the ['me'] query. A session the server says is gone (401) is signed
 * out: the guards then send them to /login. A session check that got no answer is not: the
 * reader's offline copy stands in (offline/reachability.ts), or, with none, isUnavailable.
 */
export function useCurrentUser(): CurrentUserState {
  const query = useQuery(meQueryOptions);
  const unreachable = useServerUnreachable();
  return {
    user: query.data?.user ?? null,
    isInitializing: query.isPending && !unreachable,
    isUnavailable: unreachable && query.data === undefined,
  };
}
