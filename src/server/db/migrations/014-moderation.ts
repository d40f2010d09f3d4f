import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * Reports and moderation (issue 23):
 * - reports: one row per reader's report of a post, a profile or a club, with the content as
 *   it was reported (snapshot, JSON text). At most one OPEN report per reader and target (a
 *   partial unique index). A moderator's action closes every open report of its target
 *   (closed_at, resolution). The reporter's row goes with their account (cascade).
 * - blog_posts.hidden_at: a post a moderator hid; only its author still sees it, marked.
 * - club_hidden_posts: a post a club's owners hid from that club's feed only.
 * Suspensions use the users columns better-auth's admin plugin already has (banned,
 * ban_reason, ban_expires; migration 001).
 */
export function moderationMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('reporter_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('resolution', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('closed_at', t.timestamp)
        .addCheckConstraint('reports_status_check', sql`status in ('open', 'closed')`)
        .addCheckConstraint(
          'reports_target_type_check',
          sql`target_type in ('post', 'profile', 'club')`,
        )
        .execute();
      // One open report per reader and target; closed ones do not count.
      await db.schema
        .createIndex('reports_one_open_idx')
        .on('reports')
        .columns(['reporter_id', 'target_type', 'target_id'])
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
      // The queue: open reports by target, and a target's reports when it is acted on.
      await db.schema
        .createIndex('reports_target_idx')
        .on('reports')
        .columns(['target_type', 'target_id', 'status'])
        .execute();
      await db.schema
        .createIndex('reports_open_created_idx')
        .on('reports')
        .columns(['status', 'created_at'])
        .execute();

      await db.schema.alterTable('blog_posts').addColumn('hidden_at', t.timestamp).execute();

      await db.schema
        .createTable('club_hidden_posts')
        .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
        .addColumn('post_id', 'text', (c) =>
          c.notNull().references('blog_posts.id').onDelete('cascade'),
        )
        .addColumn('hidden_by', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('club_hidden_posts_pk', ['club_id', 'post_id'])
        .execute();
      await db.schema
        .createIndex('club_hidden_posts_post_idx')
        .on('club_hidden_posts')
        .column('post_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('club_hidden_posts').execute();
      await db.schema.alterTable('blog_posts').dropColumn('hidden_at').execute();
      await db.schema.dropTable('reports').execute();
    },
  };
}
