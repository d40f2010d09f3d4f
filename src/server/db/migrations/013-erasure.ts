import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * Issue 23, erasure. The erasure log keeps an opaque id and the date of each erased account,
 * nothing that leads back to the reader. The sign-in lock (migration 005) stops keeping plain
 * emails: its rows are keyed by an HMAC-SHA256 of the normalised email (AUTH_SECRET as the key);
 * the old rows cannot be converted in SQL, and they last a day at most, so they go.
 */
export function erasureMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('erasure_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('erased_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema.dropTable('sign_in_failures').execute();
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('email_hash', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_failure_at', t.timestamp, (c) => c.notNull())
        .addColumn('locked_until', t.timestamp)
        .execute();
      await db.schema
        .createIndex('sign_in_failures_last_failure_idx')
        .on('sign_in_failures')
        .column('last_failure_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('erasure_log').execute();
      await db.schema.dropTable('sign_in_failures').execute();
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_failure_at', t.timestamp, (c) => c.notNull())
        .addColumn('locked_until', t.timestamp)
        .execute();
      await db.schema
        .createIndex('sign_in_failures_last_failure_idx')
        .on('sign_in_failures')
        .column('last_failure_at')
        .execute();
    },
  };
}
