import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * Failed sign-ins per account (issue 8): the count since the last success and the time the
 * account stays locked, keyed by the normalised email so an unknown address locks the same way
 * as a real one. Kept in the database so every API instance sees the same lock.
 */
export function signInFailuresMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_failure_at', t.timestamp, (c) => c.notNull())
        .addColumn('locked_until', t.timestamp)
        .execute();
      // Old rows are pruned by their last failure.
      await db.schema
        .createIndex('sign_in_failures_last_failure_idx')
        .on('sign_in_failures')
        .column('last_failure_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sign_in_failures').execute();
    },
  };
}
