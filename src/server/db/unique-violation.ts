/**
 * True when a write failed on a unique constraint or index, on either database: the loser of a
 * race the constraint decided, to be answered like the check that ran before it.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  // PostgreSQL: unique_violation; SQLite (better-sqlite3): extended result codes.
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
