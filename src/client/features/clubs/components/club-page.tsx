import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { ClubSummary } from '../../../../lib/schemas/clubs';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { Tabs, type TabItem } from '../../../components/tabs';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { clubQueryOptions } from '../api/clubs-api';
import { useClubActions } from '../hooks/use-club-actions';
import { isOwner } from '../club-roles';
import { ReportButton } from '../../reports/components/report-button';
import '../clubs.css';
import { ClubCards } from './club-cards';
import { ClubInvites } from './club-invites';
import { ClubLeaderboard } from './club-leaderboard';
import { ClubMembers } from './club-members';
import { ClubRequests } from './club-requests';
import { ClubSummaryCard } from './club-summary-card';
import { EndMembership } from './end-membership';

/** A signed-in reader who is not a member: enough to decide, and Ask to join. */
function NonMemberView({ club }: { club: ClubSummary }) {
  const { requestToJoin } = useClubActions(club.id);
  const asking = useSubmitGuard();
  return (
    <ClubSummaryCard club={club} heading={messages.clubs.joinTitle(club.name)}>
      <p className="club-summary__note">{messages.clubs.notMemberIntro}</p>
      {club.requestPending ? (
        <p className="form-message form-message--success" role="status">
          {messages.clubs.requestPending}
        </p>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={asking.pending || requestToJoin.isPending}
          onClick={() => void asking.run(() => requestToJoin.mutateAsync())}
        >
          {messages.clubs.askToJoin}
        </button>
      )}
    </ClubSummaryCard>
  );
}

function MemberView({ club, viewerId }: { club: ClubSummary; viewerId: string }) {
  const owner = isOwner(club);
  const tabs: TabItem[] = [
    {
      id: 'leaderboard',
      label: messages.clubs.tabLeaderboard,
      render: () => <ClubLeaderboard clubId={club.id} />,
    },
    {
      id: 'members',
      label: messages.clubs.tabMembers,
      render: () => <ClubMembers club={club} viewerId={viewerId} />,
    },
    { id: 'cards', label: messages.clubs.tabCards, render: () => <ClubCards club={club} /> },
  ];
  if (owner) {
    tabs.push(
      {
        id: 'invites',
        label: messages.clubs.tabInvites,
        render: () => <ClubInvites club={club} />,
      },
      {
        id: 'requests',
        label: messages.clubs.tabRequests,
        render: () => <ClubRequests club={club} />,
      },
    );
  }
  return (
    <>
      <div className="club-head">
        {club.description ? <p className="club-head__description">{club.description}</p> : null}
        <p className="club-head__meta">
          {messages.clubs.memberCount(club.memberCount)}
          {club.role ? ` · ${messages.clubs.roles[club.role]}` : ''}
        </p>
      </div>
      {/* Keyed by club: another club's page starts again on its first tab. */}
      <Tabs key={club.id} label={club.name} tabs={tabs} />
      <EndMembership club={club} viewerId={viewerId} />
    </>
  );
}

/**
 * /clubs/:clubId (issue 12). A member sees the club's tabs (leaderboard, members, cards; owners
 * also invitations and requests) and Leave or Delete; anyone else signed in sees what the club
 * is and Ask to join. A club the viewer may not see answers 'Club not found'.
 */
export function ClubPage() {
  const { clubId = '' } = useParams();
  const { user } = useCurrentUser();
  const club = useQuery(clubQueryOptions(clubId));
  useDocumentTitle(club.data?.club.name ?? messages.clubs.pageTitle);

  let heading: string = messages.clubs.pageTitle;
  let body;
  if (club.isPending) body = <Spinner label={messages.clubs.loadingClub} showLabel />;
  else if (club.isError)
    body = <LoadError error={club.error} fallback={messages.clubs.clubLoadFailed} />;
  else {
    const summary = club.data.club;
    heading = summary.name;
    body = (
      <>
        {summary.role && user ? (
          <MemberView club={summary} viewerId={user.id} />
        ) : (
          <NonMemberView club={summary} />
        )}
        {/* Issue 23: anyone but its owners may report a club's name or description. */}
        {isOwner(summary) ? null : (
          <p className="club-page__report">
            <ReportButton
              targetType="club"
              targetId={summary.id}
              label={messages.reporting.reportClub(summary.name)}
            />
          </p>
        )}
      </>
    );
  }

  return (
    <div className="page clubs club-page">
      <p className="club-page__back">
        <Link to="/clubs">{messages.clubs.backToClubs}</Link>
      </p>
      <h1>{heading}</h1>
      {body}
    </div>
  );
}
