import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';

/**
 * Issue 24: a season's dashboard counts one card's placements several ways (per reader, per
 * square, per day) and must stay fast at 10,000 readers (up to 160,000 placements on a card).
 * Before, placements were indexed by reader first only, so each count read the whole table.
 * - placements_grid_reader_idx: the card's placements by reader, with what the per-reader
 *   counts read (square, points, first and last write), so they never touch the table;
 * - placements_grid_cell_idx: by square, with whether the rule was met;
 * - placements_grid_created_idx: by day.
 */
export function dashboardIndexesMigration(_kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('placements_grid_reader_idx')
        .on('placements')
        .columns(['grid_id', 'user_id', 'cell_id', 'points', 'created_at', 'updated_at'])
        .execute();
      await db.schema
        .createIndex('placements_grid_cell_idx')
        .on('placements')
        .columns(['grid_id', 'cell_id', 'rule_met'])
        .execute();
      await db.schema
        .createIndex('placements_grid_created_idx')
        .on('placements')
        .columns(['grid_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const index of [
        'placements_grid_created_idx',
        'placements_grid_cell_idx',
        'placements_grid_reader_idx',
      ]) {
        await db.schema.dropIndex(index).execute();
      }
    },
  };
}
