import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const PLAYER_COLUMNS = [
  'id',
  'username',
  'displayUsername',
  'name',
  'points',
  'profileVisibility',
] as const;

/** Players by points, for the leaderboards. */
export function createLeaderboardRepository(db: Kysely<Database>) {
  return {
    /** The top players, guests left out, in the order of users_points_idx. */
    topPlayers(limit: number) {
      return db
        .selectFrom('users')
        .select(PLAYER_COLUMNS)
        .where((eb) => eb.or([eb('role', 'is', null), eb('role', '<>', 'guest')]))
        .orderBy('points', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The ids of the user's accepted friends, whichever side sent the request. */
    async acceptedFriendIds(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('friendships')
        .select(['senderId', 'receiverId'])
        .where('status', '=', 'accepted')
        .where((eb) => eb.or([eb('senderId', '=', userId), eb('receiverId', '=', userId)]))
        .execute();
      return rows.map((r) => (r.senderId === userId ? r.receiverId : r.senderId));
    },

    playersByIds(ids: readonly string[]) {
      return db
        .selectFrom('users')
        .select(PLAYER_COLUMNS)
        .where('id', 'in', ids)
        .orderBy('points', 'desc')
        .orderBy('id')
        .execute();
    },
  };
}
