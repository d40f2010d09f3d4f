// The server one Playwright worker's journeys run against (tests/e2e/fixtures.ts): a fresh SQLite
// database on E2E_PORT with the demo accounts and an empty card (SEED_DEMO=accounts;
// E2E_SEED_DEMO=true adds the demo community).
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
      // The journeys count on the demo reader's empty card: the accounts, not the community.
      SEED_DEMO: process.env.E2E_SEED_DEMO ?? 'accounts',
      CAPTCHA_COST: '10',
      AUTH_RATE_LIMIT_MAX: '200',
      LOG_LEVEL: 'warn',
    },
  }),
);
