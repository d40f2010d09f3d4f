import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { ClubMember, ClubSummary } from '../../../../lib/schemas/clubs';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { clubMembersQueryOptions } from '../api/clubs-api';
import { useClubActions } from '../hooks/use-club-actions';

interface ClubMembersProps {
  club: ClubSummary;
  viewerId: string;
}

/**
 * The contract's rule: owners remove members; a co-owner cannot remove the owner or another
 * co-owner; nobody removes themselves here (that is Leave club).
 */
function mayRemove(viewer: ClubSummary['role'], member: ClubMember, viewerId: string): boolean {
  if (member.userId === viewerId || member.role === 'owner') return false;
  if (viewer === 'owner') return true;
  return viewer === 'co_owner' && member.role === 'member';
}

/**
 * The members, owner first, with their roles. Names link to profiles the viewer may open. The
 * owner makes co-owners (and makes them members again); owners remove, after a question.
 */
export function ClubMembers({ club, viewerId }: ClubMembersProps) {
  const members = useQuery(clubMembersQueryOptions(club.id));
  const { setRole, remove } = useClubActions(club.id);
  const acting = useSubmitGuard();
  const [removing, setRemoving] = useState<ClubMember | null>(null);

  if (members.isPending) return <Spinner label={messages.clubs.loading} showLabel />;
  if (members.isError)
    return <LoadError error={members.error} fallback={messages.clubs.listFailed} />;

  const busy = acting.pending || setRole.isPending;
  return (
    <>
      <ul className="club-rows" aria-label={messages.clubs.members}>
        {members.data.members.map((member) => {
          const isViewer = member.userId === viewerId;
          const roleAction =
            club.role === 'owner' && member.role !== 'owner'
              ? member.role === 'member'
                ? { label: messages.clubs.makeCoOwner, role: 'co_owner' as const }
                : { label: messages.clubs.makeMember, role: 'member' as const }
              : null;
          return (
            <li key={member.userId} className="club-row">
              <div className="club-row__who">
                {member.profileVisible && !isViewer ? (
                  <Link
                    to={`/friend/${encodeURIComponent(member.userId)}`}
                    className="club-row__name"
                  >
                    {member.username}
                  </Link>
                ) : (
                  <span className="club-row__name">
                    {member.username}
                    {isViewer ? ` ${messages.clubs.you}` : ''}
                  </span>
                )}
                <span className={`club-role club-role--${member.role}`}>
                  {messages.clubs.roles[member.role]}
                </span>
              </div>
              <div className="club-row__actions">
                {roleAction ? (
                  <button
                    type="button"
                    className="button button--secondary club-row__button"
                    aria-label={`${roleAction.label}: ${member.username}`}
                    disabled={busy}
                    onClick={() =>
                      void acting.run(() =>
                        setRole.mutateAsync({ userId: member.userId, role: roleAction.role }),
                      )
                    }
                  >
                    {roleAction.label}
                  </button>
                ) : null}
                {mayRemove(club.role, member, viewerId) ? (
                  <button
                    type="button"
                    className="button button--secondary club-row__button"
                    aria-label={`${messages.clubs.remove}: ${member.username}`}
                    onClick={() => setRemoving(member)}
                  >
                    {messages.clubs.remove}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {removing ? (
        <ConfirmDialog
          title={messages.clubs.removeTitle(removing.username)}
          question={messages.clubs.removeExplained}
          isBusy={remove.isPending}
          // A refusal is a toast; the question stays open to try again.
          onConfirm={() =>
            remove.mutateAsync(removing.userId).then(
              () => setRemoving(null),
              () => undefined,
            )
          }
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}
