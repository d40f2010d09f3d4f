import type { CompiledQuery, Kysely, Selectable } from 'kysely';
import { runCompiled } from '../../db/compiled-once';
import type { Database } from '../../db/schema';
import { isSuspendedAt, notSuspendedSql } from '../moderation/suspension';

const PLAYER_COLUMNS = [
  'id',
  'username',
  'displayUsername',
  'name',
  'points',
  'profileVisibility',
] as const;

type PlayerRow = Pick<Selectable<Database['users']>, (typeof PLAYER_COLUMNS)[number]>;
type BoardRow = PlayerRow & Pick<Selectable<Database['users']>, 'banned' | 'banExpires'>;

/** Compiled friends-board queries kept, one per number of ids (a reader's friends plus one). */
const BY_IDS_COMPILED_MAX = 200;

/** Players by points, for the leaderboards. */
export function createLeaderboardRepository(db: Kysely<Database>) {
  const byIds = (ids: readonly string[]) =>
    db
      .selectFrom('users')
      .select(PLAYER_COLUMNS)
      .select(['banned', 'banExpires'])
      .where('id', 'in', ids)
      .orderBy('points', 'desc')
      .orderBy('id');
  // The friends board's query differs only in its ids: built and compiled once per count
  // (Kysely's building was a tenth of the read in issue 10's profile), run with new ids.
  const compiledByIds = new Map<number, CompiledQuery<BoardRow>>();
  return {
    /** The top players, guests left out, in the order of users_points_idx. */
    topPlayers(limit: number) {
      return (
        db
          .selectFrom('users')
          .select(PLAYER_COLUMNS)
          .where((eb) => eb.or([eb('role', 'is', null), eb('role', '<>', 'guest')]))
          // Issue 23: a suspended reader's row is gone while the suspension lasts.
          .where(notSuspendedSql('users'))
          .orderBy('points', 'desc')
          .orderBy('id')
          .limit(limit)
          .execute()
      );
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

    async playersByIds(ids: readonly string[]): Promise<PlayerRow[]> {
      // Issue 23: a suspended reader's row is gone while the suspension lasts (checked here,
      // so the compiled query keeps the ids as its only parameters).
      const now = Date.now();
      const shown = (rows: BoardRow[]): PlayerRow[] =>
        rows
          .filter((row) => !isSuspendedAt(row, now))
          .map(({ banned: _banned, banExpires: _banExpires, ...row }) => row);
      if (ids.length === 0 || ids.length > BY_IDS_COMPILED_MAX) {
        return shown(await byIds(ids).execute());
      }
      let compiled = compiledByIds.get(ids.length);
      if (!compiled) {
        compiled = byIds(ids).compile();
        compiledByIds.set(ids.length, compiled);
      }
      // The ids are the query's only parameters, in order.
      return shown(await runCompiled(db, compiled, ids));
    },
  };
}
