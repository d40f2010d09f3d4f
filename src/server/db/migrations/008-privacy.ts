import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * Privacy the reader controls (issue 12, decision 014):
 * - users.profile_visibility: who sees the reader's profile, shelves, stats and want-to-read
 *   ('everyone', the default and what every reader had before; 'friends'; 'only_me');
 * - blocks: one row per reader blocked by another. A pair may block each other; nobody
 *   blocks themselves. Both sides are looked up (blocker's list, and "who blocked me"), so
 *   the key serves the first and blocks_blocked_idx the second.
 */
export function privacyMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  const userRef = 'users.id';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('profile_visibility', 'text', (c) =>
          c
            .notNull()
            .defaultTo('everyone')
            .check(sql`profile_visibility in ('everyone', 'friends', 'only_me')`),
        )
        .execute();
      await db.schema
        .createTable('blocks')
        .addColumn('blocker_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
        .addColumn('blocked_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
        .addCheckConstraint('blocks_not_self_check', sql`blocker_id <> blocked_id`)
        .execute();
      await db.schema.createIndex('blocks_blocked_idx').on('blocks').column('blocked_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('blocks').execute();
      await db.schema.alterTable('users').dropColumn('profile_visibility').execute();
    },
  };
}
