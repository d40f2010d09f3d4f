import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChallengeRule } from '../../../lib/challenge-rules';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** `%` and `_` match themselves in a search, as a person typing them means. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What the admin's tools read and write beside the other modules' repositories (issue 23). */
export function createAdminRepository(db: Kysely<Database>) {
  return {
    /**
     * Readers newest first, `limit` a page, matching `q` in name, username or email (any case).
     * A plain scan of users: an admin's search, not a reader's hot path.
     */
    async searchUsers(q: string | undefined, limit: number, after: string | undefined) {
      let query = db
        .selectFrom('users as u')
        .select([
          'u.id',
          'u.name',
          'u.username',
          'u.displayUsername',
          'u.email',
          'u.role',
          'u.isAnonymous',
          'u.createdAt',
          'u.lastLogin',
          'u.points',
          'u.banned',
          'u.banExpires',
        ])
        .orderBy('u.createdAt', 'desc')
        .orderBy('u.id', 'desc')
        .limit(limit);
      if (q) {
        const pattern = likePattern(q);
        query = query.where((eb) =>
          eb.or(
            (['u.name', 'u.username', 'u.email'] as const).map(
              (column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`,
            ),
          ),
        );
      }
      if (after) {
        const cursor = await db
          .selectFrom('users')
          .select(['id', 'createdAt'])
          .where('id', '=', after)
          .executeTakeFirst();
        if (!cursor) return [];
        query = query.where((eb) =>
          eb.or([
            eb('u.createdAt', '<', cursor.createdAt),
            eb.and([eb('u.createdAt', '=', cursor.createdAt), eb('u.id', '<', cursor.id)]),
          ]),
        );
      }
      return query.execute();
    },

    async findUser(trx: Db, userId: string) {
      return trx
        .selectFrom('users')
        .select(['id', 'email', 'role', 'isAnonymous'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async setRole(trx: Db, userId: string, role: 'user' | 'admin') {
      await trx
        .updateTable('users')
        .set({ role, updatedAt: new Date().toISOString() })
        .where('id', '=', userId)
        .execute();
    },

    /** Imported books nobody vouched for and no admin turned down, newest first. */
    async unconfirmedBooks(limit: number, after: string | undefined) {
      let query = db
        .selectFrom('books as b')
        .select(['b.isbn', 'b.title', 'b.authors', 'b.coverUrl', 'b.createdAt'])
        .select((eb) =>
          eb
            .selectFrom((inner) =>
              inner
                .selectFrom('finishedBooks')
                .select('userId')
                .whereRef('bookIsbn', '=', 'b.isbn')
                .union(
                  inner
                    .selectFrom('wantToRead')
                    .select('userId')
                    .whereRef('bookIsbn', '=', 'b.isbn'),
                )
                .as('listed'),
            )
            .select((c) => c.fn.countAll<number | string>().as('n'))
            .as('readers'),
        )
        .where('b.confirmed', '=', 0)
        .where('b.rejectedAt', 'is', null)
        .orderBy('b.createdAt', 'desc')
        .orderBy('b.isbn', 'desc')
        .limit(limit);
      if (after) {
        const cursor = await db
          .selectFrom('books')
          .select(['isbn', 'createdAt'])
          .where('isbn', '=', after)
          .executeTakeFirst();
        if (!cursor) return [];
        query = query.where((eb) =>
          eb.or([
            eb('b.createdAt', '<', cursor.createdAt),
            eb.and([eb('b.createdAt', '=', cursor.createdAt), eb('b.isbn', '<', cursor.isbn)]),
          ]),
        );
      }
      return query.execute();
    },

    /** Turns an unconfirmed book down; false when there is no such book waiting. */
    async rejectBook(trx: Db, isbn: string): Promise<boolean> {
      const result = await trx
        .updateTable('books')
        .set({ rejectedAt: new Date().toISOString() })
        .where('isbn', '=', isbn)
        .where('confirmed', '=', 0)
        .where('rejectedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async findBook(trx: Db, isbn: string) {
      return trx
        .selectFrom('books')
        .select(['isbn', 'confirmed', 'rejectedAt'])
        .where('isbn', '=', isbn)
        .executeTakeFirst();
    },

    async findCell(trx: Db, gridId: string, position: number) {
      return trx
        .selectFrom('cells')
        .select(['id'])
        .where('gridId', '=', gridId)
        .where('position', '=', position)
        .executeTakeFirst();
    },

    /**
     * Rewrites a square's challenge and rule only while no placement names it, in one statement,
     * so a placement committed first wins; false when one does.
     */
    async editCellIfEmpty(
      trx: Db,
      cellId: string,
      cell: { challenge: string; label: string; rule: ChallengeRule | null },
    ): Promise<boolean> {
      const result = await trx
        .updateTable('cells')
        .set({
          challenge: cell.challenge,
          label: cell.label,
          rule: cell.rule ? JSON.stringify(cell.rule) : null,
        })
        .where('id', '=', cellId)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('placements').select('id').where('cellId', '=', cellId))),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends a card: its own end date becomes `date` (YYYY-MM-DD), so it is past from then on. */
    async endGrid(trx: Db, gridId: string, date: string) {
      await trx.updateTable('grids').set({ resetDate: date }).where('id', '=', gridId).execute();
    },
  };
}
