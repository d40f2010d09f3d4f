// The server the browser journeys run against: a fresh SQLite database with demo data on :3100.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bin, run } from './lib.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bingo-e2e-'));
const port = process.env.E2E_PORT ?? '3100';
process.exit(
  await run(bin('tsx'), ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: port,
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      SQLITE_PATH: path.join(dataDir, 'bingo.sqlite'),
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      CAPTCHA_COST: '10',
      AUTH_RATE_LIMIT_MAX: '200',
      LOG_LEVEL: 'warn',
    },
  }),
);
