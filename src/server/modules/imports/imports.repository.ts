import type { Insertable, Kysely } from 'kysely';
import { chunksOf } from '../../db/chunks';
import type { DatabaseKind } from '../../db/database';
import type { BooksTable, Database, ImportEntriesTable } from '../../db/schema';
import type { CatalogueBook } from '../library/library.repository';

/**
 * The writes of an import, each an upsert-ignore (unique reader-and-book, unique ISBN), so a
 * file imported twice adds nothing the second time. Pass the transaction's handle where the
 * service opens one. Entries go through import_entries (migration 006): staged in short
 * statements, then moved onto the lists in one short transaction (`publish`).
 */
export function createImportsRepository(db: Kysely<Database>, kind: DatabaseKind = 'sqlite') {
  return {
    /** Books added to the reader's lists by imports since `since` (the daily quota). */
    async rowsAddedSince(userId: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('importRuns')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('rowsAdded'), eb.lit(0)).as('rows'))
        .where('userId', '=', userId)
        .where('createdAt', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.rows);
    },

    /**
     * PostgreSQL: holds the reader's row until the transaction ends, so two imports of one
     * reader count their quota one after the other. SQLite runs one writer at a time anyway.
     */
    async lockReader(userId: string): Promise<void> {
      if (kind !== 'postgres') return;
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    /** Records what an import added, and forgets the reader's runs older than `pruneBefore`. */
    async recordRun(
      run: { id: string; userId: string; rowsAdded: number; createdAt: string },
      pruneBefore: string,
    ) {
      await db
        .deleteFrom('importRuns')
        .where('userId', '=', run.userId)
        .where('createdAt', '<', pruneBefore)
        .execute();
      await db.insertInto('importRuns').values(run).execute();
    },

    /** Stages one chunk of an import's entries. */
    async stageEntries(entries: readonly ImportEntriesTable[]): Promise<void> {
      if (entries.length > 0) await db.insertInto('importEntries').values(entries).execute();
    },

    /**
     * Moves an import's staged entries onto the reader's lists, in file order, each an
     * upsert-ignore; returns how many were new on each list. One statement per list, run by
     * the database itself, so the transaction around it stays short.
     */
    async publish(importId: string): Promise<{ finished: number; wantToRead: number }> {
      const finished = await db
        .insertInto('finishedBooks')
        .columns([
          'id',
          'userId',
          'bookIsbn',
          'title',
          'author',
          'coverUrl',
          'rating',
          'review',
          'ratingDate',
          'finishedAt',
          'createdAt',
        ])
        .expression(
          db
            .selectFrom('importEntries')
            .select([
              'id',
              'userId',
              'bookIsbn',
              'title',
              'author',
              'coverUrl',
              'rating',
              'review',
              'ratingDate',
              'finishedAt',
              'createdAt',
            ])
            .where('importId', '=', importId)
            .where('list', '=', 'finished')
            .orderBy('seq'),
        )
        .onConflict((oc) => oc.columns(['userId', 'bookIsbn']).doNothing())
        .executeTakeFirst();
      const wantToRead = await db
        .insertInto('wantToRead')
        .columns(['id', 'userId', 'bookIsbn', 'title', 'author', 'coverUrl', 'addedAt'])
        .expression(
          db
            .selectFrom('importEntries')
            .select(['id', 'userId', 'bookIsbn', 'title', 'author', 'coverUrl', 'addedAt'])
            .where('importId', '=', importId)
            .where('list', '=', 'want')
            .orderBy('seq'),
        )
        .onConflict((oc) => oc.columns(['userId', 'bookIsbn']).doNothing())
        .executeTakeFirst();
      return {
        finished: Number(finished.numInsertedOrUpdatedRows ?? 0),
        wantToRead: Number(wantToRead.numInsertedOrUpdatedRows ?? 0),
      };
    },

    /** Removes up to `count` of an import's staged entries from `fromSeq` on. */
    async discardStaged(importId: string, fromSeq: number, count: number): Promise<void> {
      await db
        .deleteFrom('importEntries')
        .where('importId', '=', importId)
        .where('seq', '>=', fromSeq)
        .where('seq', '<', fromSeq + count)
        .execute();
    },

    /** Staged entries left by an import that never finished (the process died). */
    async discardStagedBefore(before: string): Promise<void> {
      await db.deleteFrom('importEntries').where('createdAt', '<', before).execute();
    },

    /** The catalogue's books among `isbns`. */
    async findBooks(isbns: readonly string[]): Promise<CatalogueBook[]> {
      const found: CatalogueBook[] = [];
      for (const chunk of chunksOf([...new Set(isbns)], 500)) {
        const rows = await db
          .selectFrom('books')
          .select(['isbn', 'title', 'authors', 'coverUrl'])
          .where('isbn', 'in', chunk)
          .execute();
        found.push(...rows);
      }
      return found;
    },

    /** Adds books the catalogue lacks; returns the ISBNs that were new. */
    async insertBooks(books: readonly Insertable<BooksTable>[]): Promise<string[]> {
      if (books.length === 0) return [];
      const rows = await db
        .insertInto('books')
        .values([...books])
        .onConflict((oc) => oc.column('isbn').doNothing())
        .returning('isbn')
        .execute();
      return rows.map((row) => row.isbn);
    },

    /**
     * Takes back books an import added when the import did not go through: those still
     * unconfirmed and on nobody's list.
     */
    async deleteUnusedImportedBooks(isbns: readonly string[]): Promise<void> {
      for (const chunk of chunksOf(isbns, 500)) {
        await db
          .deleteFrom('books')
          .where('isbn', 'in', chunk)
          .where('confirmed', '=', 0)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('finishedBooks')
                  .select('id')
                  .whereRef('finishedBooks.bookIsbn', '=', 'books.isbn'),
              ),
            ),
          )
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('wantToRead')
                  .select('id')
                  .whereRef('wantToRead.bookIsbn', '=', 'books.isbn'),
              ),
            ),
          )
          .execute();
      }
    },

    /** The account with this email (the import command names the reader by email). */
    findAccountByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'role'])
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },
  };
}
