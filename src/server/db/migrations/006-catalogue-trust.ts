import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * The shared catalogue stays trustworthy (issue 8, decision 008):
 * - books.confirmed: 1 when the demo catalogue, a provider or an admin vouches for the book,
 *   0 when only a reader's import does. The import is the one way in that writes 0 (the
 *   others are trusted sources); existing rows that came from a file start unconfirmed.
 *   A partial index keeps the (few) unconfirmed books one lookup away from every search.
 * - import_runs: what each import added to a reader's lists, for the per-reader daily quota.
 * - import_entries: an import's list entries, written in short chunks before the one short
 *   transaction that moves them onto the reader's lists (all or nothing, without holding the
 *   database for the whole file); emptied as soon as that transaction ends.
 */
export function catalogueTrustMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('books')
        .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await sql`update books set confirmed = 0 where source = 'import'`.execute(db);
      await db.schema
        .createIndex('books_unconfirmed_idx')
        .on('books')
        .column('isbn')
        .where(sql.ref('confirmed'), '=', 0)
        .execute();

      await db.schema
        .createTable('import_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('rows_added', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('import_runs_user_created_idx')
        .on('import_runs')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('import_entries')
        .addColumn('import_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('book_isbn', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('author', 'text')
        .addColumn('cover_url', 'text')
        .addColumn('rating', 'integer')
        .addColumn('review', 'text')
        .addColumn('rating_date', t.timestamp)
        .addColumn('finished_at', t.timestamp)
        .addColumn('added_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('import_entries_pk', ['import_id', 'seq'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('import_entries').execute();
      await db.schema.dropTable('import_runs').execute();
      await db.schema.dropIndex('books_unconfirmed_idx').execute();
      await db.schema.alterTable('books').dropColumn('confirmed').execute();
    },
  };
}
