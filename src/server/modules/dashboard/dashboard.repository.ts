import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LEADERBOARD_TOP } from '../../../lib/limits';
import { DASHBOARD_POINTS_BUCKET } from '../../../lib/schemas/dashboard';
import { ANTI_DIAGONAL, COLUMNS, MAIN_DIAGONAL, ROWS } from '../../../lib/scoring';
import type { DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';

/** Every row, column and diagonal of a card as a bit mask of its positions. */
const LINE_MASKS = [...ROWS, ...COLUMNS, MAIN_DIAGONAL, ANTI_DIAGONAL].map((line) =>
  line.reduce((mask, position) => mask | (1 << position), 0),
);
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
 * The counts of one card's dashboard (issue 24). Each figure is one grouped query read
 * through migration 020's indexes on placements (grid_id first); nothing loops over readers.
 * A reader's filled squares are a 16-bit mask summed in SQL (one book per square per reader:
 * placements_user_cell_unique), and a line is complete when the mask holds all its bits.
 */
export function createDashboardRepository(db: Kysely<Database>, kind: DatabaseKind) {
  /** The cell's bit, by its id: the 16 ids are parameters, so no join with cells per row. */
  const bitOf = (cells: readonly DashboardCell[]): RawBuilder<number> =>
    sql<number>`case p.cell_id ${sql.join(
      cells.map((c) => sql`when ${c.id} then ${sql.lit(1 << c.position)}`),
      sql` `,
    )} else 0 end`;
  const linesOf = sql.raw(
    LINE_MASKS.map((m) => `(case when (mask & ${m}) = ${m} then 1 else 0 end)`).join(' + '),
  );
  const day =
    kind === 'postgres'
      ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`
      : sql<string>`substr(created_at, 1, 10)`;

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
     * lines they completed and the full cards: one pass over the card's placements by reader.
     */
    async readerBuckets(gridId: string, cells: readonly DashboardCell[], since: string) {
      const { rows } = await sql<{
        bucket: Count;
        readers: Count;
        active: Count;
        fresh: Count;
        lines: Count | null;
        withline: Count;
        fullcards: Count;
      }>`
        with r as (
          select sum(${bitOf(cells)}) as mask, sum(p.points) as pts,
            min(p.created_at) as first_at, max(p.updated_at) as last_at
          from placements p where p.grid_id = ${gridId} group by p.user_id
        ), s as (select pts, mask, first_at, last_at, ${linesOf} as lc from r)
        select pts / ${sql.lit(DASHBOARD_POINTS_BUCKET)} as bucket, count(*) as readers,
          sum(case when last_at >= ${since} then 1 else 0 end) as active,
          sum(case when first_at >= ${since} then 1 else 0 end) as fresh,
          sum(lc) as lines,
          sum(case when lc > 0 then 1 else 0 end) as withline,
          sum(case when mask = ${sql.lit(FULL_MASK)} then 1 else 0 end) as fullcards
        from s group by pts / ${sql.lit(DASHBOARD_POINTS_BUCKET)}`.execute(db);
      return rows;
    },

    /** Readers per square and how many of their books met its rule. */
    async squares(gridId: string) {
      const { rows } = await sql<{ cell: string; readers: Count; met: Count | null }>`
        select cell_id as cell, count(*) as readers,
          sum(case when rule_met = 1 then 1 else 0 end) as met
        from placements where grid_id = ${gridId} group by cell_id`.execute(db);
      return rows;
    },

    /** Books placed per day (UTC). */
    async perDay(gridId: string) {
      const { rows } = await sql<{ day: string; placements: Count }>`
        select ${day} as day, count(*) as placements
        from placements where grid_id = ${gridId} group by 1 order by 1`.execute(db);
      return rows;
    },

    /** The card's top readers by its points (ids), guests left out as on the Global Top 10. */
    async topReaders(gridId: string) {
      const { rows } = await sql<{ id: string; points: Count }>`
        with r as (
          select user_id, sum(points) as pts from placements
          where grid_id = ${gridId} group by user_id
        )
        select u.id, r.pts as points
        from r join users u on u.id = r.user_id
        where u.role is null or u.role <> 'guest'
        order by r.pts desc, u.id limit ${sql.lit(LEADERBOARD_TOP)}`.execute(db);
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
