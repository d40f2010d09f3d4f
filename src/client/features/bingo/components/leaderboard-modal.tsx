import { useQuery } from '@tanstack/react-query';
import type { LiveBoard } from '../../../../lib/live-events';
import { messages } from '../../../../lib/messages';
import type { GridSummary } from '../../../../lib/schemas/admin';
import type { LeaderboardEntry, LeaderboardScope } from '../../../../lib/schemas/bingo';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { Tabs } from '../../../components/tabs';
import { errorText } from '../../../services/api-client';
import { clubLeaderboardQueryOptions, leaderboardQueryOptions } from '../api/leaderboard-api';
import { useShowBoards } from '../hooks/use-live-updates';

const TABS: readonly { scope: LeaderboardScope; label: string }[] = [
  { scope: 'friends', label: 'Friends' },
  { scope: 'global', label: 'Global Top 10' },
];

/** The first-place crown, drawn inline: an emoji would depend on the reader's fonts. */
function CrownIcon() {
  return (
    <svg
      className="leaderboard__crown-icon"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      role="img"
      aria-label="First place"
      focusable="false"
    >
      <path
        d="M3 8.5l4.5 4 4.5-7 4.5 7 4.5-4-2 10.5H5z"
        fill="#e8b83a"
        stroke="#8a5a12"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="15" r="1.6" fill="#a83232" />
    </svg>
  );
}

function LeaderboardRow({ entry }: { entry: LeaderboardEntry }) {
  return (
    <li className={entry.isYou ? 'leaderboard__row leaderboard__row--you' : 'leaderboard__row'}>
      <span className="leaderboard__rank">
        <span className="visually-hidden">Rank </span>
        {entry.rank}
      </span>
      <span className="leaderboard__crown">{entry.rank === 1 ? <CrownIcon /> : null}</span>
      <span className="leaderboard__name">
        {entry.username}
        {entry.isYou ? <span className="badge leaderboard__you">you</span> : null}
      </span>
      <span className="leaderboard__points">{messages.bingo.pointsLabel(entry.points)}</span>
    </li>
  );
}

function LeaderboardRows({ entries, empty }: { entries: LeaderboardEntry[]; empty: string }) {
  if (entries.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ol className="leaderboard">
      {entries.map((entry) => (
        <LeaderboardRow key={entry.userId} entry={entry} />
      ))}
    </ol>
  );
}

function LoadFailed({ error }: { error: unknown }) {
  return (
    <p className="form-message form-message--error" role="alert">
      {errorText(error, messages.generic.serverError)}
    </p>
  );
}

function LeaderboardList({ scope }: { scope: LeaderboardScope }) {
  const board = useQuery(leaderboardQueryOptions(scope));
  if (board.isPending) return <Spinner label="Loading leaderboard..." showLabel />;
  if (board.isError) return <LoadFailed error={board.error} />;
  return <LeaderboardRows entries={board.data.entries} empty="No readers on this board yet." />;
}

/** A club's members ranked by the points its cards earned them (issue 12). */
function ClubLeaderboardList({ clubId }: { clubId: string }) {
  const board = useQuery(clubLeaderboardQueryOptions(clubId));
  if (board.isPending) return <Spinner label="Loading leaderboard..." showLabel />;
  if (board.isError) return <LoadFailed error={board.error} />;
  const entries = board.data.entries.map(({ isViewer, ...entry }) => ({
    ...entry,
    isYou: isViewer,
  }));
  return <LeaderboardRows entries={entries} empty={messages.clubs.noPoints} />;
}

/** What the modal shows, named to the live stream: a club's board, or the shared card's two. */
const CLUB_BOARDS: readonly LiveBoard[] = ['club'];
const SHARED_BOARDS: readonly LiveBoard[] = ['friends', 'global'];

type LeaderboardClub = NonNullable<GridSummary['club']>;

/**
 * The leaderboards (SPEC.md section 2) as ARIA tabs (the shared Tabs: arrow keys, Home and End
 * move between Friends and Global Top 10); each panel lists ranks, a crown on first place and
 * 'N pts', with the reader's own row highlighted.
 *
 * On a club card (issue 12) it shows that club's leaderboard instead, in the same modal: the
 * points this card earns count only there (the global and friends boards stay the shared
 * card's), so a reader who presses View Leaderboard on it expects to see where the card put them,
 * and a modal keeps their place on the card where a trip to the club page would not.
 */
export function LeaderboardModal({
  club = null,
  onClose,
}: {
  club?: LeaderboardClub | null;
  onClose: () => void;
}) {
  useShowBoards(club ? CLUB_BOARDS : SHARED_BOARDS);
  if (club) {
    return (
      <Modal title={messages.clubs.leaderboard} onClose={onClose}>
        <p className="leaderboard__club">{club.name}</p>
        <ClubLeaderboardList clubId={club.id} />
      </Modal>
    );
  }
  return (
    <Modal title="Leaderboard" onClose={onClose}>
      <Tabs
        label="Leaderboards"
        tabs={TABS.map((tab) => ({
          id: tab.scope,
          label: tab.label,
          render: () => <LeaderboardList scope={tab.scope} />,
        }))}
      />
    </Modal>
  );
}
