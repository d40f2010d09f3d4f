import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ChallengeRule } from '../../../lib/challenge-rules';
import { challengeLabelOf } from '../../../lib/challenges';
import type { Database } from '../../db/schema';
import { toIso } from '../../db/schema';
import type { FeedCursor } from '../posts/feed-cursor';

export interface GridRow {
  id: string;
  title: string;
  createdAt: string;
}

/**
 * Grids and their cells. The current shared grid is the newest one with no club (DESIGN.md);
 * club cards (grids with a club_id, decision 016) never count as the shared grid.
 */
export function createGridsRepository(db: Kysely<Database>) {
  return {
    /**
     * The first `limit` shared grids (no club), newest first, after `after` when given (issue
     * 22: the grid list is paged).
     */
    async list(
      limit: number,
      after: FeedCursor | null = null,
    ): Promise<(GridRow & { resetDate: string | null })[]> {
      let query = db
        .selectFrom('grids')
        .select(['id', 'title', 'createdAt', 'resetDate'])
        .where('clubId', 'is', null);
      if (after) {
        query = query.where((eb) =>
          eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(after.createdAt, after.id)),
        );
      }
      const rows = await query
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, createdAt: toIso(r.createdAt) }));
    },
    /** The current shared grid: the newest with no club. */
    async findCurrentId(): Promise<string | null> {
      const row = await db
        .selectFrom('grids')
        .select('id')
        .where('clubId', 'is', null)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },
    /** Inserts a grid and its 16 cells inside the caller's transaction. */
    async insertWithCells(
      trx: Transaction<Database>,
      grid: {
        title: string;
        challenges: readonly string[];
        /** Issue 11: each square's rule, by position; missing or null is free text. */
        rules?: readonly (ChallengeRule | null)[] | undefined;
        /**
         * Issue 22: each square's short label, by position; missing, null or blank gets a
         * derived one (challengeLabelOf), so every cell carries a label.
         */
        labels?: readonly (string | null | undefined)[] | undefined;
        createdBy: string | null;
        /** Issue 12: a club card's club and its own reset date (YYYY-MM-DD). */
        clubId?: string | null;
        resetDate?: string | null;
      },
    ): Promise<GridRow> {
      const id = randomUUID();
      const createdAt = new Date().toISOString();
      await trx
        .insertInto('grids')
        .values({
          id,
          title: grid.title,
          createdBy: grid.createdBy,
          createdAt,
          clubId: grid.clubId ?? null,
          resetDate: grid.resetDate ?? null,
        })
        .execute();
      await trx
        .insertInto('cells')
        .values(
          grid.challenges.map((challenge, position) => ({
            id: randomUUID(),
            gridId: id,
            position,
            challenge,
            rule: grid.rules?.[position] ? JSON.stringify(grid.rules[position]) : null,
            label: challengeLabelOf(challenge, grid.labels?.[position]),
          })),
        )
        .execute();
      return { id, title: grid.title, createdAt };
    },

    /**
     * Whether a grid is a club card the viewer may not open (not a member of its club): such a
     * card answers as if it did not exist (decision 016). A shared or unknown grid: false.
     */
    async isHiddenClubCard(gridId: string, viewerId: string): Promise<boolean> {
      const row = await db
        .selectFrom('grids as g')
        .leftJoin('clubMembers as m', (join) =>
          join.onRef('m.clubId', '=', 'g.clubId').on('m.userId', '=', viewerId),
        )
        .select(['g.clubId', 'm.userId'])
        .where('g.id', '=', gridId)
        .executeTakeFirst();
      return row !== undefined && row.clubId !== null && row.userId === null;
    },
  };
}
