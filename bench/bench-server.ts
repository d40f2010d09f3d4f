import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
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

/**
 * The real app on a fresh SQLite file with demo data (the demo catalogue, an admin, a reader and
 * the current grid), listening on a free loopback port. `patch` replaces parts of the config the
 * environment does not set, e.g. `readingRateLimits` for a load test that must not hit them.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  patch: Partial<AppConfig> = {},
): Promise<BenchServer> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bingo-bench-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const config: AppConfig = {
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        SQLITE_PATH: path.join(dataDir, 'bingo.sqlite'),
        AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
        LOG_LEVEL: 'silent',
        CAPTCHA_COST: '10',
        STATIC_DIR: '/nonexistent-static-dir',
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        ...env,
      }),
      ...patch,
    };
    const app = await buildApp({ config, logger: false });
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
            removeDataDir();
          }
        },
      };
    } catch (error) {
      await app.close();
      throw error;
    }
  } catch (error) {
    removeDataDir();
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
