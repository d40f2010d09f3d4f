import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import type { ClubRole } from '../../../../lib/schemas/clubs';
import { notifyError, notifySuccess } from '../../../app/notify';
import { errorText } from '../../../services/api-client';
import {
  approveRequest,
  askToJoin,
  clubKey,
  declineRequest,
  deleteClub,
  myClubsQueryOptions,
  removeMember,
  revokeInvite,
  setMemberRole,
} from '../api/clubs-api';

/** The bingo page's grid list (features/bingo): a club's cards appear in it for its members. */
export const GRIDS_KEY = ['grids'] as const;

/**
 * What a member or an owner does on a club page. Every answer is a toast: the server's own text
 * where it decided (ownersOnly, ownerCannotLeave, ...), a failure text when it could not be
 * reached. Each change reloads the club and its lists.
 */
export function useClubActions(clubId: string) {
  const queryClient = useQueryClient();
  const refreshClub = () => queryClient.invalidateQueries({ queryKey: clubKey(clubId) });
  const fail = (error: unknown) => notifyError(errorText(error, messages.clubs.actionFailed));

  const setRole = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Exclude<ClubRole, 'owner'> }) =>
      setMemberRole(clubId, userId, role),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || messages.clubs.roleChanged);
      await refreshClub();
    },
    onError: fail,
  });

  const remove = useMutation({
    mutationFn: (userId: string) => removeMember(clubId, userId),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || messages.clubs.removed);
      await refreshClub();
    },
    onError: fail,
  });

  const requestToJoin = useMutation({
    mutationFn: () => askToJoin(clubId),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || messages.clubs.requestSent);
      await refreshClub();
    },
    onError: fail,
  });

  const approve = useMutation({
    mutationFn: (userId: string) => approveRequest(clubId, userId),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || messages.clubs.approved);
      await refreshClub();
    },
    onError: fail,
  });

  const decline = useMutation({
    mutationFn: (userId: string) => declineRequest(clubId, userId),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || messages.clubs.declined);
      await refreshClub();
    },
    onError: fail,
  });

  const revoke = useMutation({
    mutationFn: (inviteId: string) => revokeInvite(clubId, inviteId),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || messages.clubs.inviteRevoked);
      await refreshClub();
    },
    onError: fail,
  });

  return { setRole, remove, requestToJoin, approve, decline, revoke };
}

/**
 * Leaving and deleting end the viewer's place in the club: the caller navigates away on
 * success, and the club list and the grid selector (the club's cards go) are refreshed.
 */
export function useEndMembership(clubId: string) {
  const queryClient = useQueryClient();
  const refreshAll = () =>
    Promise.all([
      // Not the club itself: the page that shows it is being left, and would flash 'not found'.
      queryClient.invalidateQueries({ queryKey: myClubsQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: GRIDS_KEY }),
    ]);

  const leave = useMutation({
    mutationFn: (viewerId: string) => removeMember(clubId, viewerId),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || messages.clubs.left);
      await refreshAll();
    },
    onError: (error) => notifyError(errorText(error, messages.clubs.actionFailed)),
  });

  const destroy = useMutation({
    mutationFn: () => deleteClub(clubId),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || messages.clubs.deleted);
      await refreshAll();
    },
    onError: (error) => notifyError(errorText(error, messages.clubs.actionFailed)),
  });

  return { leave, destroy };
}
