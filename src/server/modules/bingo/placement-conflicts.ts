import { isUniqueViolation } from '../../db/unique-violation';

/** Which of the placements table's unique rules a failed write broke. */
export type PlacementConflict = 'square' | 'book' | 'wildcard' | 'other';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Classifies a unique-constraint violation on placements (migration 002): PostgreSQL names the
 * constraint (SQLSTATE 23505), better-sqlite3 lists its columns ("UNIQUE constraint failed:
 * placements.user_id, placements.cell_id"). Null for any other error.
 */
export function placementConflictOf(error: unknown): PlacementConflict | null {
  if (!isRecord(error) || !isUniqueViolation(error)) return null;
  if (error.code === '23505') {
    switch (error.constraint) {
      case 'placements_user_cell_unique':
        return 'square';
      case 'placements_user_grid_book_unique':
        return 'book';
      case 'placements_one_wildcard_idx':
        return 'wildcard';
      default:
        return 'other';
    }
  }
  // SQLite names the constraint's columns instead.
  const message = typeof error.message === 'string' ? error.message : '';
  const columns = (/constraint failed: (.*)$/.exec(message)?.[1] ?? '').replace(/\s/g, '');
  if (columns === 'placements.user_id,placements.cell_id') return 'square';
  if (columns.startsWith('placements.user_id,placements.grid_id,placements.book_isbn')) {
    return 'book';
  }
  if (columns === 'placements.user_id,placements.grid_id') return 'wildcard';
  return 'other';
}

/**
 * PostgreSQL rolled the statement's transaction back to break a deadlock (SQLSTATE 40P01):
 * nothing of it was written, and running it again is safe. Migration 025 orders the row
 * locks a replacement takes; this is the net for any other order.
 */
export function isDeadlock(error: unknown): boolean {
  return isRecord(error) && error.code === '40P01';
}
