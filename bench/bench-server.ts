import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemoData } from '../src/server/seed/seed';

/** The real app on a fresh SQLite file with demo data, listening on a free loopback port. */
export async function startBenchServer(env: Record<string, string> = {}): Promise<{
  app: FastifyInstance;
  url: string;
}> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bingo-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SQLITE_PATH: path.join(dataDir, 'bingo.sqlite'),
    LOG_LEVEL: 'silent',
    CAPTCHA_COST: '10',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  const app = await buildApp({ config, logger: false });
  await migrateToLatest(app.deps.database);
  await seedDemoData(app.deps.database, app.deps.auth);
  const address = await app.listen({ host: '127.0.0.1', port });
  return { app, url: address };
}

/** A port nobody listens on now, so APP_URL (the allowed Origin) can name it before start-up. */
function findFreePort(): Promise<number> {
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
