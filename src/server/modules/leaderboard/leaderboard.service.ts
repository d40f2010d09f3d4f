import { LEADERBOARD_TOP } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import type { LeaderboardEntry, LeaderboardScope } from '../../../lib/schemas/bingo';
import type { DatabaseHandle } from '../../db/database';
import type { Viewer } from '../../http/viewer';
import { createLeaderboardRepository } from './leaderboard.repository';

interface PlayerRow {
  id: string;
  username: string | null;
  displayUsername: string | null;
  name: string;
  points: number | string;
}

/** Ranks players already ordered by points: equal points share a rank (1, 1, 3). */
export function toLeaderboardEntries(
  rows: readonly PlayerRow[],
  viewerId: string,
): LeaderboardEntry[] {
  let rank = 0;
  let previous: number | null = null;
  return rows.map((row, index) => {
    const points = Number(row.points);
    if (points !== previous) rank = index + 1;
    previous = points;
    return {
      rank,
      userId: row.id,
      // SPEC.md section 2: the username, else the name, else 'User'.
      username: row.displayUsername || row.username || row.name || messages.profile.fallbackName,
      points,
      isYou: row.id === viewerId,
    };
  });
}

/** The Friends and Global Top 10 leaderboards (SPEC.md sections 2 and 9). */
export function createLeaderboardService(database: DatabaseHandle) {
  const players = createLeaderboardRepository(database.db);
  return {
    async getLeaderboard(viewer: Viewer, scope: LeaderboardScope): Promise<LeaderboardEntry[]> {
      if (scope === 'global') {
        return toLeaderboardEntries(await players.topPlayers(LEADERBOARD_TOP), viewer.id);
      }
      const ids = [viewer.id, ...(await players.acceptedFriendIds(viewer.id))];
      return toLeaderboardEntries(await players.playersByIds(ids), viewer.id);
    },
  };
}
