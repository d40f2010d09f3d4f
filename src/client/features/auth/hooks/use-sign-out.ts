import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../../lib/messages';
import { notifyError, notifySuccess } from '../../../app/notify';
import { clearOfflineCache } from '../../../offline/offline-cache';
import { ME_QUERY_KEY, type MeResponse } from '../../../services/session-api';
import { signOut } from '../api/auth-api';

/** Signs out, forgets everything cached for the old session and goes to /login (SPEC.md section 2). */
export function useSignOut(): { handleSignOut: () => Promise<void>; isSigningOut: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const handleSignOut = useCallback(async () => {
    setIsSigningOut(true);
    try {
      await signOut();
    } catch {
      notifyError(messages.auth.logoutFailed, 'logout-failed');
      setIsSigningOut(false);
      return;
    }
    // Issue 26: nothing of this reader stays on the device for offline use.
    clearOfflineCache();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
    queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, { user: null });
    setIsSigningOut(false);
    notifySuccess(messages.auth.loggedOut, 'logged-out');
    await navigate('/login', { replace: true });
  }, [navigate, queryClient]);

  return { handleSignOut, isSigningOut };
}
