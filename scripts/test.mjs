// npm test: the one command that proves the project. Lint, typecheck, unit + component + API tests
// (SQLite), a production build, then the browser journeys in Chromium. Prints one closing line
// 'N passed, N failed' counting every test run.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bin, ensureChromium, run } from './lib.mjs';
import { ensureRedisServer } from './redis-throwaway.mjs';

const started = performance.now();
const seconds = (since) => `${Math.round((performance.now() - since) / 1000)} s`;
const reports = mkdtempSync(path.join(tmpdir(), 'bingo-test-reports-'));
const vitestJson = path.join(reports, 'vitest.json');
const playwrightJson = path.join(reports, 'playwright.json');
const failures = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

async function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const stepStarted = performance.now();
  const code = await run(command, args, { env: { ...process.env, ...env } });
  console.log(`(${name}: ${seconds(stepStarted)})`);
  if (code !== 0) failures.push(name);
  return code;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A step run beside others: its output is held, to be shown under its heading in order. */
async function heldStep(name, command, args, env = {}) {
  const { code, output } = await run(command, args, {
    capture: true,
    env: { ...process.env, ...env },
  });
  if (code !== 0) failures.push(name);
  return { name, output };
}

// The static checks are single-threaded: the typed lint on one core (100-125 s alone), and on
// the other prettier, tsc, then the import-cycle check the lint leaves out (20-35 s each).
const checks = await Promise.all([
  heldStep('lint', bin('eslint'), ['.', '--max-warnings', '0'], { LINT_CYCLES_APART: '1' }),
  (async () => [
    await heldStep('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']),
    await heldStep('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
    await heldStep('import cycles', bin('eslint'), [
      '--config',
      'eslint.cycles.config.js',
      'src',
      '--max-warnings',
      '0',
    ]),
  ])(),
]);
for (const { name, output } of checks.flat()) {
  console.log(`\n=== ${name} ===`);
  process.stdout.write(output);
}
console.log(`(lint, format, typecheck and import cycles: ${seconds(started)})`);

// The Redis tests (two instances sharing one Redis) need Debian's redis-server: installed here
// as Chromium is below, so this one command proves the many-instance path too. Where it could be
// had, a missing server fails those tests instead of skipping them.
const redisEnv = ensureRedisServer() ? { REDIS_TESTS_REQUIRED: '1' } : {};

// The SQLite suite: DATABASE_URL would move the API tests to PostgreSQL (npm run test:pg does that).
await step(
  'unit, component and API tests',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  { DATABASE_URL: '', ...redisEnv },
);
const vitest = readJson(vitestJson);
if (vitest) {
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
  counts.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else {
  counts.failed += 1;
}

const buildCode = await step('build', bin('vite'), ['build', '--logLevel', 'warn']);
const chromium = ensureChromium();
if (buildCode === 0 && chromium) {
  await step('browser journeys (Playwright, Chromium)', bin('playwright'), ['test'], {
    CHROME_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  const pw = readJson(playwrightJson);
  if (pw?.stats) {
    counts.passed += pw.stats.expected + pw.stats.flaky;
    counts.failed += pw.stats.unexpected;
    counts.skipped += pw.stats.skipped;
  } else {
    counts.failed += 1;
  }
} else {
  failures.push('browser journeys (not run)');
  counts.failed += 1;
}

// A step that failed without failing a test (lint, a runner that could not start) still counts.
counts.failed = Math.max(counts.failed, failures.length);
console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`npm test took ${seconds(started)} (its budget: 12 minutes on a quiet machine).`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
