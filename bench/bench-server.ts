import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig, type AppConfig } from '../src/server/config';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemoData } from '../src/server/seed/seed';

export interface BenchServer {
  app: FastifyInstance;
  /** The loopback address it listens on, e.g. http://127.0.0.1:40123. */
  url: string;
  /** Closes the app (and its database) and removes its temporary data folder. */
  close(): Promise<void>;
}

/** A fresh database on a PostgreSQL server, and how to drop it again. */
async function createPostgresDatabase(serverUrl: string) {
  const name = `bingo_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export interface BenchServerOptions {
  /** A PostgreSQL server's URL: the app runs on a fresh database there instead of SQLite. */
  postgresServer?: string;
  /** The app's log lines (at LOG_LEVEL, info unless env says otherwise) go to this file's folder. */
  log?: boolean;
}

/**
 * The real app on a fresh SQLite file (or a fresh PostgreSQL database) with demo data (the demo
 * catalogue, an admin, a reader and the current grid), listening on a free loopback port.
 * `patch` replaces parts of the config the environment does not set. With `log`, the app logs
 * as it would for a user (request logging included) to app.log in its data folder.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  patch: Partial<AppConfig> = {},
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bingo-bench-'));
  const postgres = options.postgresServer
    ? await createPostgresDatabase(options.postgresServer)
    : undefined;
  const removeDataDir = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };
  try {
    const config: AppConfig = {
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        SQLITE_PATH: path.join(dataDir, 'bingo.sqlite'),
        AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
        LOG_LEVEL: options.log ? 'info' : 'silent',
        CAPTCHA_COST: '10',
        // Sign-ins cost what they cost in production (decision 026), whatever else is cheap.
        PASSWORD_HASH_COST: 'standard',
        STATIC_DIR: '/nonexistent-static-dir',
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        ...env,
      }),
      ...patch,
    };
    const logStream = options.log ? createWriteStream(path.join(dataDir, 'app.log')) : undefined;
    const app = await buildApp({ config, logger: options.log === true, logStream });
    try {
      await migrateToLatest(app.deps.database);
      await seedDemoData(app.deps.database, app.deps.auth);
      const address = await app.listen({ host: '127.0.0.1', port });
      return {
        app,
        url: address,
        async close() {
          try {
            await app.close();
          } finally {
            logStream?.end();
            await removeDataDir();
          }
        },
      };
    } catch (error) {
      await app.close();
      throw error;
    }
  } catch (error) {
    await removeDataDir();
    throw error;
  }
}

/** A port nobody listens on now, so APP_URL (the allowed Origin) can name it before start-up. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
