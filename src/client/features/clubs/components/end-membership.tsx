import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { ClubSummary } from '../../../../lib/schemas/clubs';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useEndMembership } from '../hooks/use-club-actions';

interface EndMembershipProps {
  club: ClubSummary;
  viewerId: string;
}

/**
 * Leave club (members and co-owners) or Delete club (the owner, who cannot leave), each after a
 * question; then back to the reader's clubs.
 */
export function EndMembership({ club, viewerId }: EndMembershipProps) {
  const navigate = useNavigate();
  const { leave, destroy } = useEndMembership(club.id);
  const [isAsking, setIsAsking] = useState(false);
  const isOwner = club.role === 'owner';
  const action = isOwner
    ? {
        label: messages.clubs.deleteClub,
        title: messages.clubs.deleteTitle,
        question: messages.clubs.deleteExplained,
        run: () => destroy.mutateAsync(),
        busy: destroy.isPending,
      }
    : {
        label: messages.clubs.leave,
        title: messages.clubs.leaveTitle,
        question: messages.clubs.leaveExplained,
        run: () => leave.mutateAsync(viewerId),
        busy: leave.isPending,
      };

  return (
    <div className="club-end">
      <button
        type="button"
        className={isOwner ? 'button button--danger' : 'button button--secondary'}
        onClick={() => setIsAsking(true)}
      >
        {action.label}
      </button>
      {isAsking ? (
        <ConfirmDialog
          title={action.title}
          question={action.question}
          isBusy={action.busy}
          // A refusal is a toast (useEndMembership); the question stays open to try again.
          onConfirm={() =>
            action.run().then(
              () => navigate('/clubs', { replace: true }),
              () => undefined,
            )
          }
          onCancel={() => setIsAsking(false)}
        />
      ) : null}
    </div>
  );
}
