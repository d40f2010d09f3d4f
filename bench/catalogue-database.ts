import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type AppConfig } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';

const noop = () => undefined;
/** The books service logs only when a remote provider fails; none is enabled in these benches. */
export const silentLog = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLog,
} as unknown as FastifyBaseLogger;

export interface CatalogueDatabase {
  database: DatabaseHandle;
  config: AppConfig;
  /** The SQLite file, for insertBooks. */
  file: string;
}

/**
 * Runs `measure` on a fresh, migrated SQLite file in a temporary folder, with the remote book
 * providers off, then closes and removes it.
 */
export async function withCatalogueDatabase<T>(
  prefix: string,
  measure: (catalogue: CatalogueDatabase) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    const file = path.join(dir, 'catalogue.sqlite');
    const config = loadConfig({
      NODE_ENV: 'test',
      AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      DATA_DIR: dir,
      SQLITE_PATH: file,
      LOG_LEVEL: 'silent',
      GOOGLE_BOOKS_ENABLED: 'false',
      OPEN_LIBRARY_ENABLED: 'false',
    });
    const database = openDatabase(config);
    try {
      await migrateToLatest(database);
      return await measure({ database, config, file });
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
