import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { test as base } from '@playwright/test';

/** The first worker's port; worker n listens on E2E_PORT + n. */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);
/** A server compiles the API with tsx and seeds its accounts before it answers. */
const START_TIMEOUT_MS = 60_000;
const ROOT = path.resolve(import.meta.dirname, '../..');

async function answersHealth(url: string) {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** Starts scripts/e2e-server.mjs on `port` and resolves once its health check answers. */
async function startServer(port: number): Promise<{ url: string; child: ChildProcess }> {
  const url = `http://localhost:${port}`;
  if (await answersHealth(url)) {
    throw new Error(`Port ${port} already answers: stop what listens there, or set E2E_PORT.`);
  }
  // A process group of its own: the server is a grandchild (node -> tsx), and the whole group
  // ends with the worker.
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, E2E_PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors: Buffer[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answersHealth(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      stopServer(child);
      throw new Error(
        `The journeys' server on ${url} did not start:\n${Buffer.concat(errors).toString()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child };
}

function stopServer(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/**
 * The journeys' `test`: each Playwright worker runs its spec files against a server and a fresh
 * SQLite database of its own (scripts/e2e-server.mjs), so workers run side by side without
 * sharing the demo reader's card. Within a worker, files run one after another as they did
 * with one worker. Every spec imports `test` from here, `expect` from Playwright.
 */
export const test = base.extend<{ closesItsContexts: void }, { appUrl: string }>({
  appUrl: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const { url, child } = await startServer(FIRST_PORT + workerInfo.parallelIndex);
      const stop = () => stopServer(child);
      process.once('exit', stop);
      try {
        await use(url);
      } finally {
        process.off('exit', stop);
        stop();
      }
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + 10_000 },
  ],
  baseURL: async ({ appUrl }, use) => {
    await use(appUrl);
  },
  // A journey's second reader or window is a context of its own (browser.newContext): closed when
  // the journey ends, or its pages go on running (live streams, timers) beside every later
  // journey of the worker. Set up before Playwright's own context, so torn down after it has
  // taken its failure screenshots.
  closesItsContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
