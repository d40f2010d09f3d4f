import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * Reading circles (issue 12, decision 016):
 * - clubs: a name and a description (plain text), made by a reader;
 * - club_members: one row per member with a role; exactly one owner per club (a partial unique
 *   index), looked up by club (the key) and by reader (club_members_user_idx: "my clubs");
 * - club_invites: invitation links, stored as the SHA-256 (hex) of their token only, unique;
 *   optionally expiring, revocable;
 * - club_join_requests: a reader asking to join, one per reader and club;
 * - grids.club_id: a club card is a grid with its club (null: the shared card), gone with its
 *   club (cascade: its cells and placements go too); grids.reset_date: a club card's own
 *   reset date (YYYY-MM-DD). grids_club_idx serves "the club's newest card" and the club's cards.
 */
export function clubsMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  const userRef = 'users.id';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('clubs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'text', (c) => c.references(userRef).onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('clubs_created_by_idx')
        .on('clubs')
        .columns(['created_by', 'created_at'])
        .execute();

      await db.schema
        .createTable('club_members')
        .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
        .addColumn('role', 'text', (c) =>
          c.notNull().check(sql`role in ('owner', 'co_owner', 'member')`),
        )
        .addColumn('joined_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('club_members_pk', ['club_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('club_members_user_idx')
        .on('club_members')
        .column('user_id')
        .execute();
      await sql`create unique index club_members_one_owner_idx
        on club_members (club_id) where role = 'owner'`.execute(db);

      await db.schema
        .createTable('club_invites')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'text', (c) => c.references(userRef).onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp)
        .addColumn('revoked_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('club_invites_club_idx')
        .on('club_invites')
        .column('club_id')
        .execute();

      await db.schema
        .createTable('club_join_requests')
        .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('club_join_requests_pk', ['club_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('club_join_requests_user_idx')
        .on('club_join_requests')
        .column('user_id')
        .execute();

      await db.schema
        .alterTable('grids')
        .addColumn('club_id', 'text', (c) => c.references('clubs.id').onDelete('cascade'))
        .execute();
      await db.schema.alterTable('grids').addColumn('reset_date', 'text').execute();
      await db.schema
        .createIndex('grids_club_idx')
        .on('grids')
        .columns(['club_id', 'created_at', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('grids_club_idx').execute();
      await db.schema.alterTable('grids').dropColumn('reset_date').execute();
      await db.schema.alterTable('grids').dropColumn('club_id').execute();
      await db.schema.dropTable('club_join_requests').execute();
      await db.schema.dropTable('club_invites').execute();
      await db.schema.dropTable('club_members').execute();
      await db.schema.dropTable('clubs').execute();
    },
  };
}
