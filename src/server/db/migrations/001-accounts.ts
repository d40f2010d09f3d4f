import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * Accounts: better-auth's tables (users, sessions, accounts, verifications) with its username,
 * anonymous and admin plugins, named snake_case (the mapping is in auth/auth.ts), plus our own
 * profile columns on users. A test checks better-auth finds nothing missing.
 */
export function accountsMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('email_verified', t.authBoolean, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('is_anonymous', t.authBoolean)
        .addColumn('username', 'text', (c) => c.unique())
        .addColumn('display_username', 'text')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('banned', t.authBoolean)
        .addColumn('ban_reason', 'text')
        .addColumn('ban_expires', t.timestamp)
        .addColumn('bio', 'text')
        .addColumn('avatar', 'text')
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_login', t.timestamp)
        .addColumn('last_modified_by', 'text')
        .addCheckConstraint('users_role_check', sql`role in ('guest', 'user', 'admin')`)
        .execute();
      // Usernames are unique regardless of case (SPEC.md section 5).
      await sql`create unique index users_username_lower_idx on users (lower(username))`.execute(
        db,
      );
      // Global leaderboard: top 10 by points, ties by id, from the index alone.
      await db.schema
        .createIndex('users_points_idx')
        .on('users')
        .columns(['points desc', 'id'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('ip_address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('impersonated_by', 'text')
        .execute();
      await db.schema
        .createIndex('sessions_user_id_idx')
        .on('sessions')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('provider_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('access_token', 'text')
        .addColumn('refresh_token', 'text')
        .addColumn('id_token', 'text')
        .addColumn('access_token_expires_at', t.timestamp)
        .addColumn('refresh_token_expires_at', t.timestamp)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('accounts_user_id_idx')
        .on('accounts')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('verifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('verifications_identifier_idx')
        .on('verifications')
        .column('identifier')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['verifications', 'accounts', 'sessions', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
