import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../lib/messages';
import { signOut } from '../features/auth/api/auth-api';
import { ApiError } from '../services/api-client';
import { ME_QUERY_KEY, type MeResponse } from '../services/session-api';
import { notifyStickyError } from './notify';

const TOAST_ID = 'session-ended';

/**
 * Watches every query and mutation: a 401 while the app thinks someone is signed in means the
 * session ended elsewhere (expired, signed out on another device, password reset). It raises the
 * sticky error toast whose 'Log In' button signs out and goes to /login (SPEC.md section 8).
 */
export function useSessionExpiry(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    const handleError = (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 401) return;
      const me = queryClient.getQueryData<MeResponse>(ME_QUERY_KEY);
      if (!me?.user) return;
      notifyStickyError(
        messages.access.sessionEnded,
        {
          label: messages.access.logInButton,
          onClick: () => {
            void signOut()
              .catch(() => undefined)
              .then(async () => {
                queryClient.clear();
                queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, { user: null });
                await navigate('/login', { replace: true });
              });
          },
        },
        TOAST_ID,
      );
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error')
        handleError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error')
        handleError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [navigate, queryClient]);
}
