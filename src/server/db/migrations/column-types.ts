import type { DatabaseKind } from '../database';

/** Column types that differ between SQLite and PostgreSQL; everything else is written once. */
export function columnTypes(kind: DatabaseKind) {
  const pg = kind === 'postgres';
  return {
    /** better-auth's flags: boolean on PostgreSQL, 0/1 on SQLite (what its own migration makes). */
    authBoolean: pg ? ('boolean' as const) : ('integer' as const),
    timestamp: pg ? ('timestamptz' as const) : ('text' as const),
  };
}
