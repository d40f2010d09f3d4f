import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import type { ClubSummary } from '../../../../lib/schemas/clubs';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { clubRequestsQueryOptions } from '../api/clubs-api';
import { useClubActions } from '../hooks/use-club-actions';

/** Owners: readers who asked to join, oldest first, each with Approve and Decline. */
export function ClubRequests({ club }: { club: ClubSummary }) {
  const requests = useQuery(clubRequestsQueryOptions(club.id));
  const { approve, decline } = useClubActions(club.id);
  const acting = useSubmitGuard();

  if (requests.isPending) return <Spinner label={messages.clubs.loading} showLabel />;
  if (requests.isError)
    return <LoadError error={requests.error} fallback={messages.clubs.listFailed} />;
  if (requests.data.requests.length === 0)
    return <p className="empty">{messages.clubs.noRequests}</p>;

  const busy = acting.pending || approve.isPending || decline.isPending;
  return (
    <ul className="club-rows" aria-label={messages.clubs.requests}>
      {requests.data.requests.map((request) => (
        <li key={request.userId} className="club-row">
          <div className="club-row__who">
            <span className="club-row__name">{request.username}</span>
          </div>
          <div className="club-row__actions">
            <button
              type="button"
              className="button button--primary club-row__button"
              aria-label={`${messages.clubs.approve}: ${request.username}`}
              disabled={busy}
              onClick={() => void acting.run(() => approve.mutateAsync(request.userId))}
            >
              {messages.clubs.approve}
            </button>
            <button
              type="button"
              className="button button--secondary club-row__button"
              aria-label={`${messages.clubs.decline}: ${request.username}`}
              disabled={busy}
              onClick={() => void acting.run(() => decline.mutateAsync(request.userId))}
            >
              {messages.clubs.decline}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
