import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * The audit log (issue 23): one row per admin or moderator action, never updated or deleted
 * through the API. actor_id and target_id carry no foreign key: an erased account's id is
 * replaced by its erasure pseudonym, so the entry stays while nothing names the person.
 * detail is JSON of non-personal facts (ids, counts, days): never a name, email or text.
 */
export function auditLogMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text')
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_created_idx')
        .on('audit_log')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_actor_idx')
        .on('audit_log')
        .column('actor_id')
        .execute();
      await db.schema
        .createIndex('audit_log_target_idx')
        .on('audit_log')
        .column('target_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').execute();
    },
  };
}
