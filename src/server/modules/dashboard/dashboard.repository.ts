import { sql, type Kysely } from 'kysely';
import { LEADERBOARD_TOP } from '../../../lib/limits';
import { DASHBOARD_POINTS_BUCKET } from '../../../lib/schemas/dashboard';
import type { DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';

const FULL_MASK = (1 << 16) - 1;

/** PostgreSQL sends sums and counts (bigint) as strings. */
type Count = number | string;

export interface DashboardCell {
  id: string;
  position: number;
  challenge: string;
  label: string;
  rule: string | null;
}

/**
 * The counts of one card's dashboard (issue 24), read from the totals migration 021 keeps
 * exact (triggers on placements), never from the placements themselves: one row per reader
 * of the card (card_reader_totals, at most 10,000 rows read in key order) and one per square
 * and day (card_day_counts). A reader's marked squares are a 16-bit mask; a line is complete
 * when the mask holds all its bits.
 */
export function createDashboardRepository(db: Kysely<Database>, kind: DatabaseKind) {
  /** PostgreSQL compares the kept timestamptz with a typed value, SQLite the ISO text. */
  const at = (iso: string) => (kind === 'postgres' ? sql`${iso}::timestamptz` : sql`${iso}`);

  return {
    async grid(gridId: string) {
      return db
        .selectFrom('grids as g')
        .leftJoin('clubs as c', 'c.id', 'g.clubId')
        .select(['g.id', 'g.title', 'g.createdAt', 'g.clubId', 'c.name as clubName'])
        .where('g.id', '=', gridId)
        .executeTakeFirst();
    },

    cells(gridId: string): Promise<DashboardCell[]> {
      return db
        .selectFrom('cells')
        .select(['id', 'position', 'challenge', 'label', 'rule'])
        .where('gridId', '=', gridId)
        .orderBy('position')
        .execute();
    },

    /**
     * Readers by points bucket, with how many of each were active or new since `since`, the
     * lines they completed and the full cards: one pass over the card's reader totals.
     */
    async readerBuckets(gridId: string, since: string) {
      const { rows } = await sql<{
        bucket: Count;
        readers: Count;
        active: Count;
        fresh: Count;
        lines: Count | null;
        withline: Count;
        fullcards: Count;
      }>`
        select points / ${sql.lit(DASHBOARD_POINTS_BUCKET)} as bucket, count(*) as readers,
          sum(case when last_at >= ${at(since)} then 1 else 0 end) as active,
          sum(case when first_at >= ${at(since)} then 1 else 0 end) as fresh,
          sum(lines) as lines,
          sum(case when lines > 0 then 1 else 0 end) as withline,
          sum(case when mask = ${sql.lit(FULL_MASK)} then 1 else 0 end) as fullcards
        from card_reader_totals where grid_id = ${gridId}
        group by points / ${sql.lit(DASHBOARD_POINTS_BUCKET)}`.execute(db);
      return rows;
    },

    /** Readers per square (one book a square a reader) and how many books met its rule. */
    async squares(gridId: string) {
      const { rows } = await sql<{ cell: string; readers: Count; met: Count | null }>`
        select cell_id as cell, sum(placements) as readers, sum(met) as met
        from card_day_counts where grid_id = ${gridId} group by cell_id`.execute(db);
      return rows;
    },

    /** Books placed per day (UTC). */
    async perDay(gridId: string) {
      const { rows } = await sql<{ day: string; placements: Count }>`
        select day, sum(placements) as placements from card_day_counts
        where grid_id = ${gridId} group by day having sum(placements) > 0
        order by day`.execute(db);
      return rows;
    },

    /** The card's top readers by its points (ids), guests left out as on the Global Top 10. */
    async topReaders(gridId: string) {
      const { rows } = await sql<{ id: string; points: Count }>`
        select u.id, r.points
        from card_reader_totals r join users u on u.id = r.user_id
        where r.grid_id = ${gridId} and (u.role is null or u.role <> 'guest')
        order by r.points desc, u.id limit ${sql.lit(LEADERBOARD_TOP)}`.execute(db);
      return rows;
    },

    /** Names and visibility as they are now: read per asker, never kept with the counts. */
    people(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['id', 'username', 'displayUsername', 'name', 'profileVisibility'])
        .where('id', 'in', ids)
        .execute();
    },
  };
}
