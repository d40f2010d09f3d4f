import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface ShareRow {
  id: string;
  gridId: string;
  gridTitle: string;
  createdAt: Date | string;
}

/** Share links (migration 009): only ever looked up by the hash of their token. */
export function createSharesRepository(db: Kysely<Database>) {
  return {
    /** The live link a token hash names: its owner and card; a revoked link is not found. */
    findLiveByTokenHash(tokenHash: string) {
      return db
        .selectFrom('shares')
        .select(['id', 'userId', 'gridId'])
        .where('tokenHash', '=', tokenHash)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
    },

    /** The owner's live links with their cards' titles, newest first. */
    listLive(userId: string): Promise<ShareRow[]> {
      return db
        .selectFrom('shares as s')
        .innerJoin('grids as g', 'g.id', 's.gridId')
        .select(['s.id', 's.gridId', 'g.title as gridTitle', 's.createdAt'])
        .where('s.userId', '=', userId)
        .where('s.revokedAt', 'is', null)
        .orderBy('s.createdAt', 'desc')
        .orderBy('s.id')
        .execute();
    },

    /** Revokes the owner's live link to one card, if any (a new link replaces it). */
    async revokeForGrid(userId: string, gridId: string, now: string): Promise<void> {
      await db
        .updateTable('shares')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('gridId', '=', gridId)
        .where('revokedAt', 'is', null)
        .execute();
    },

    async insert(row: {
      id: string;
      userId: string;
      gridId: string;
      tokenHash: string;
      createdAt: string;
    }): Promise<void> {
      await db.insertInto('shares').values(row).execute();
    },

    /** Revokes one of the owner's live links; false when there is none by that id. */
    async revoke(userId: string, id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('shares')
        .set({ revokedAt: now })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
