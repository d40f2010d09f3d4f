import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import { notifyError, notifySuccess } from '../../../app/notify';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { ApiError, errorText } from '../../../services/api-client';
import { CLUBS_KEY, invitePreviewQueryOptions, joinByInvite } from '../api/clubs-api';
import { GRIDS_KEY } from '../hooks/use-club-actions';
import '../clubs.css';
import { ClubSummaryCard } from './club-summary-card';

const clubAddress = (clubId: string) => `/clubs/${encodeURIComponent(clubId)}`;

/**
 * /clubs/join/:token (issue 12): what the invitation is for (name, description, size) and
 * Join club. An unknown, expired or revoked link says so; after joining, the club's page opens.
 */
export function JoinClubPage() {
  useDocumentTitle(messages.clubs.joinPreviewTitle);
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const preview = useQuery({ ...invitePreviewQueryOptions(token), retry: false });
  const joining = useSubmitGuard();
  const join = useMutation({
    mutationFn: () => joinByInvite(token),
    onSuccess: async ({ club }) => {
      notifySuccess(messages.clubs.joined(club.name));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CLUBS_KEY }),
        queryClient.invalidateQueries({ queryKey: GRIDS_KEY }),
      ]);
      await navigate(clubAddress(club.id), { replace: true });
    },
    onError: (error) => notifyError(errorText(error, messages.clubs.actionFailed)),
  });

  let body;
  if (preview.isPending) body = <Spinner label={messages.clubs.loadingClub} showLabel />;
  else if (preview.isError) {
    const invalid = preview.error instanceof ApiError && preview.error.status === 404;
    body = invalid ? (
      <>
        <p className="form-message form-message--error" role="alert">
          {messages.clubs.inviteInvalid}
        </p>
        <p>
          <Link to="/clubs">{messages.clubs.backToClubs}</Link>
        </p>
      </>
    ) : (
      <LoadError error={preview.error} fallback={messages.clubs.clubLoadFailed} />
    );
  } else {
    const { club } = preview.data;
    body = (
      <ClubSummaryCard club={club} heading={messages.clubs.joinTitle(club.name)}>
        {club.role ? (
          <>
            <p>{messages.clubs.alreadyMember}</p>
            <Link className="button button--primary" to={clubAddress(club.id)}>
              {club.name}
            </Link>
          </>
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={joining.pending || join.isPending}
            onClick={() => void joining.run(() => join.mutateAsync())}
          >
            {messages.clubs.join}
          </button>
        )}
      </ClubSummaryCard>
    );
  }

  return (
    <div className="page clubs">
      <h1>{messages.clubs.joinPreviewTitle}</h1>
      {body}
    </div>
  );
}
