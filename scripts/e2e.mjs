// npm run test:e2e: build if needed, find Chromium, run the Playwright journeys.
import { bin, ensureChromium, ensureClientBuild, run } from './lib.mjs';

const built = await ensureClientBuild();
if (built !== 0) process.exit(built);
const chromium = ensureChromium();
if (!chromium) process.exit(1);
process.exit(
  await run(bin('playwright'), ['test', ...process.argv.slice(2)], {
    env: { ...process.env, CHROME_PATH: chromium },
  }),
);
