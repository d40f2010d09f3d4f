import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * The admin's tools (issue 23): books.rejected_at marks an imported book an admin turned down.
 * It stays what it was for the readers who list it (decision 008) and leaves the admin's queue
 * for good; a provider's copy of it may still confirm it later.
 */
export function adminToolsMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('books').addColumn('rejected_at', t.timestamp).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('books').dropColumn('rejected_at').execute();
    },
  };
}
