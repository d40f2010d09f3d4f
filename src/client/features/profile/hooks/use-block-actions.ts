import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import { notifyError, notifySuccess } from '../../../app/notify';
import { errorText } from '../../../services/api-client';
import { OWN_PROFILE_KEY, POSTS_KEY } from '../../../services/query-keys';
import { blockReader, unblockReader } from '../api/privacy-api';

/**
 * Block and Unblock (issue 12). A block ends a friendship and hides posts, so the own profile
 * (friends, counts, blocked list), the feed and the other reader's profile are reloaded.
 */
export function useBlockActions() {
  const queryClient = useQueryClient();
  const refresh = (userId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: OWN_PROFILE_KEY }),
      queryClient.invalidateQueries({ queryKey: POSTS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['user-profile', userId] }),
    ]);

  const block = useMutation({
    mutationFn: blockReader,
    onSuccess: async (answer, userId) => {
      notifySuccess(answer.message || messages.privacy.blocked);
      await refresh(userId);
    },
    onError: (error) => notifyError(errorText(error, messages.privacy.blockFailed)),
  });

  const unblock = useMutation({
    mutationFn: unblockReader,
    onSuccess: async (answer, userId) => {
      notifySuccess(answer.message || messages.privacy.unblocked);
      await refresh(userId);
    },
    onError: (error) => notifyError(errorText(error, messages.privacy.unblockFailed)),
  });

  return { block, unblock };
}
