import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  env: Record<string, string>;
  kind: 'sqlite' | 'postgres';
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: a new SQLite file in a temporary folder, or, when
 * DATABASE_URL points at a PostgreSQL server, a new database on it that is dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bingo-test-'));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return {
      kind: 'sqlite',
      env: { SQLITE_PATH: path.join(dataDir, 'bingo.sqlite'), DATA_DIR: dataDir },
      drop: () => Promise.resolve(),
    };
  }
  const name = `bingo_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
