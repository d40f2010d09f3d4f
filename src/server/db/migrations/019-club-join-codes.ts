import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { columnTypes } from './column-types';

/**
 * Join a club by a code (issue 24): club_join_codes holds a short code an owner writes on a
 * board, beside the invitation links (club_invites). Only the code's keyed hash is kept
 * (HMAC-SHA-256 of the normalised code under the server's secret, hex, unique), never the code.
 * A code always expires (1 to 30 days) and is revocable; a club has at most one live code
 * (making a new one revokes the old one).
 * placements_grid_user_idx: a card's results (its CSV) are read a page of readers at a time,
 * by card then reader, without scanning other cards' placements.
 */
export function clubJoinCodesMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('club_join_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('revoked_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('club_join_codes_club_idx')
        .on('club_join_codes')
        .column('club_id')
        .execute();
      await db.schema
        .createIndex('placements_grid_user_idx')
        .on('placements')
        .columns(['grid_id', 'user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('placements_grid_user_idx').execute();
      await db.schema.dropTable('club_join_codes').execute();
    },
  };
}
