// npm run bench: build if needed, then run every benchmark under bench/ in one process.
import { bin, ensureChromium, ensureClientBuild, run } from './lib.mjs';

const built = await ensureClientBuild();
if (built !== 0) process.exit(built);
const chromium = ensureChromium();
if (!chromium) process.exit(1);
process.exit(
  await run(bin('tsx'), ['bench/run.ts', ...process.argv.slice(2)], {
    env: { ...process.env, CHROME_PATH: chromium },
  }),
);
