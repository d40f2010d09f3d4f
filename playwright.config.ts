import { defineConfig } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser), against the built app.
 * Each worker starts its own server on a fresh database (tests/e2e/fixtures.ts), on E2E_PORT
 * (3100) plus the worker's number, and runs its spec files one after another. Two workers by
 * default: one journey keeps about half a core busy (a run on one worker used 218 s of CPU in
 * 460 s), so two finish in a little over half the time on our two cores.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // A failed journey keeps its trace (actions, network, DOM snapshots). Without the trace's
    // screencast, which encoded a frame at every paint: bingo and privacy took 100 s instead of
    // 236 s side by side on one loaded machine, and the screencast's load failed one of them.
    trace: { mode: 'retain-on-failure', screenshots: false, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
