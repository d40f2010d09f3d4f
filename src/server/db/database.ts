import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config';
import type { Database } from './schema';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  /** Our queries: camelCase in code, snake_case in SQL. */
  db: Kysely<Database>;
  /** The same connection without the camelCase plugin, for better-auth, which names its own columns. */
  raw: Kysely<unknown>;
  close(): Promise<void>;
}

// PostgreSQL returns int8 (count, sum) as strings; our counts fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Opens the configured database: a SQLite file (default) or PostgreSQL when DATABASE_URL is set.
 * `onPoolError` hears about idle PostgreSQL connections the server closed (a restart, a
 * terminated backend); the pool replaces them, and without a listener Node would crash.
 */
export function openDatabase(
  config: Pick<AppConfig, 'database'>,
  onPoolError: (error: Error) => void = () => {},
): DatabaseHandle {
  const plugins = [new CamelCasePlugin()];
  if (config.database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.database.url, max: 10 });
    pool.on('error', onPoolError);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return {
      kind: 'postgres',
      db,
      raw: db.withoutPlugins() as unknown as Kysely<unknown>,
      close: () => db.destroy(),
    };
  }
  const file = config.database.path;
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins });
  return {
    kind: 'sqlite',
    db,
    raw: db.withoutPlugins() as unknown as Kysely<unknown>,
    close: () => db.destroy(),
  };
}
