import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { clubLeaderboardQueryOptions } from '../api/clubs-api';

/**
 * The club's members ranked by the points the club's cards earned them (ties by name, 0 too),
 * the viewer's row marked. Names follow privacy: a hidden profile is 'A reader'.
 */
export function ClubLeaderboard({ clubId }: { clubId: string }) {
  const board = useQuery(clubLeaderboardQueryOptions(clubId));
  if (board.isPending) return <Spinner label={messages.clubs.loading} showLabel />;
  if (board.isError) return <LoadError error={board.error} fallback={messages.clubs.listFailed} />;
  const { entries } = board.data;
  return (
    <>
      {entries.every((entry) => entry.points === 0) ? (
        <p className="empty">{messages.clubs.noPoints}</p>
      ) : null}
      <ol className="club-board" aria-label={messages.clubs.leaderboard}>
        {entries.map((entry) => (
          <li
            key={entry.userId}
            className={entry.isViewer ? 'club-board__row club-board__row--you' : 'club-board__row'}
            aria-current={entry.isViewer ? 'true' : undefined}
          >
            <span className="club-board__rank">
              <span className="visually-hidden">{messages.clubs.rankLabel(entry.rank)}</span>
              <span aria-hidden="true">{entry.rank}</span>
            </span>
            <span className="club-board__name">
              {entry.username}
              {entry.isViewer ? (
                <span className="club-board__you"> {messages.clubs.you}</span>
              ) : null}
            </span>
            <span className="club-board__points">{messages.bingo.pointsLabel(entry.points)}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
