import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * A card worth sharing (issue 12): one row per public link a reader made to one of their cards.
 * - token_hash: the SHA-256 of the link's token (32 random bytes), never the token itself, so a
 *   copy of the database opens no card; looked up by its unique index.
 * - revoked_at: set when the reader revokes the link; a revoked link answers 404 for good.
 * Each reader has at most one live link per grid (a partial unique index): a new link for the
 * same card replaces the old one, so "revoke" always means "nobody can open it any more".
 */
export function sharesMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shares')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('grid_id', 'text', (c) => c.notNull().references('grids.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('revoked_at', t.timestamp)
        .execute();
      await sql`create unique index shares_one_live_idx
        on shares (user_id, grid_id) where revoked_at is null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('shares').execute();
    },
  };
}
