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
    /**
     * The live link a token hash names: its owner and card. A revoked link is not found, nor a
     * link to a club card whose sharer is no longer in its club (removed, left, the club gone):
     * a share answers only while its sharer can still open the card (issue 22). One query, by
     * the token's unique index, the grid's key and the membership's.
     */
    findLiveByTokenHash(tokenHash: string) {
      return db
        .selectFrom('shares as s')
        .innerJoin('grids as g', 'g.id', 's.gridId')
        .leftJoin('clubMembers as m', (join) =>
          join.onRef('m.clubId', '=', 'g.clubId').onRef('m.userId', '=', 's.userId'),
        )
        .select(['s.id', 's.userId', 's.gridId'])
        .where('s.tokenHash', '=', tokenHash)
        .where('s.revokedAt', 'is', null)
        .where((eb) => eb.or([eb('g.clubId', 'is', null), eb('m.userId', 'is not', null)]))
        .executeTakeFirst();
    },

    /** The owner's live links with their cards' titles, newest first; as findLiveByTokenHash. */
    listLive(userId: string): Promise<ShareRow[]> {
      return db
        .selectFrom('shares as s')
        .innerJoin('grids as g', 'g.id', 's.gridId')
        .leftJoin('clubMembers as m', (join) =>
          join.onRef('m.clubId', '=', 'g.clubId').onRef('m.userId', '=', 's.userId'),
        )
        .select(['s.id', 's.gridId', 'g.title as gridTitle', 's.createdAt'])
        .where('s.userId', '=', userId)
        .where('s.revokedAt', 'is', null)
        .where((eb) => eb.or([eb('g.clubId', 'is', null), eb('m.userId', 'is not', null)]))
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
