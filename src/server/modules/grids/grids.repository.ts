import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ChallengeRule } from '../../../lib/challenge-rules';
import type { Database } from '../../db/schema';
import { toIso } from '../../db/schema';

export interface GridRow {
  id: string;
  title: string;
  createdAt: string;
}

/** Grids and their cells. The current grid is the newest one (DESIGN.md). */
export function createGridsRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<GridRow[]> {
      const rows = await db
        .selectFrom('grids')
        .select(['id', 'title', 'createdAt'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({ ...r, createdAt: toIso(r.createdAt) }));
    },
    async findCurrentId(): Promise<string | null> {
      const row = await db
        .selectFrom('grids')
        .select('id')
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
        createdBy: string | null;
      },
    ): Promise<GridRow> {
      const id = randomUUID();
      const createdAt = new Date().toISOString();
      await trx
        .insertInto('grids')
        .values({ id, title: grid.title, createdBy: grid.createdBy, createdAt })
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
          })),
        )
        .execute();
      return { id, title: grid.title, createdAt };
    },
  };
}
