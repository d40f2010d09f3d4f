import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * Issue 26: a reader's writes that may be sent twice (a retry after a lost answer, a placement
 * queued offline and sent again, a second tab) carry an Idempotency-Key. The server keeps each
 * key per reader for a day with what the first request asked (its fingerprint) and the answer
 * it gave, in the same transaction as the write: the same key again gets that answer back and
 * changes nothing. Gone with the reader (cascade).
 */
export function idempotencyKeysMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        /** The route and the body's fields that matter: the same key for another request is refused. */
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        /** The JSON answer given the first time. */
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created_idx')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('idempotency_keys').execute();
    },
  };
}
