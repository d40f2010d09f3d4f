import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import { notifyError, notifySuccess } from '../../../app/notify';
import { errorText } from '../../../services/api-client';
import {
  acceptFriendRequest,
  friendsQueryOptions,
  rejectFriendRequest,
  removeFriend,
  sendFriendRequest,
} from '../api/friends-api';
import { profileQueryOptions } from '../api/profile-api';

/**
 * Add Friend, Accept, Reject and Remove. Every answer is a toast: the server's own text where it
 * decided (SPEC.md section 5: 'Feeling lonely?', 'No user found ...', duplicates, rate limits),
 * the spec's failure text when it could not be reached. Each change reloads the list and the
 * profile's counts.
 */
export function useFriendActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: friendsQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: profileQueryOptions.queryKey }),
    ]);

  const send = useMutation({
    mutationFn: sendFriendRequest,
    onSuccess: async (answer) => {
      notifySuccess(answer.message || messages.friends.requestSent);
      await refresh();
    },
    onError: (error) => {
      notifyError(errorText(error, messages.friends.sendFailed));
    },
  });

  const accept = useMutation({
    mutationFn: acceptFriendRequest,
    onSuccess: async () => {
      notifySuccess(messages.friends.accepted);
      await refresh();
    },
    onError: (error) => {
      notifyError(errorText(error, messages.friends.acceptFailed));
    },
  });

  const reject = useMutation({
    mutationFn: rejectFriendRequest,
    onSuccess: async () => {
      notifySuccess(messages.friends.rejected);
      await refresh();
    },
    onError: (error) => {
      notifyError(errorText(error, messages.friends.rejectFailed));
    },
  });

  const remove = useMutation({
    mutationFn: removeFriend,
    onSuccess: async (answer) => {
      notifySuccess(answer.message || messages.friends.removed);
      await refresh();
    },
    onError: (error) => {
      notifyError(errorText(error, messages.friends.removeFailed));
    },
  });

  return { send, accept, reject, remove };
}
