// npm test: the one command that proves the project. Lint, typecheck, unit + component + API tests
// (SQLite), a production build, then the browser journeys in Chromium. Prints one closing line
// 'N passed, N failed' counting every test run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bin, ensureChromium, root, run } from './lib.mjs';

const reports = mkdtempSync(path.join(tmpdir(), 'bingo-test-reports-'));
const vitestJson = path.join(reports, 'vitest.json');
const playwrightJson = path.join(reports, 'playwright.json');
const failures = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

async function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const code = await run(command, args, { env: { ...process.env, ...env } });
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

/**
 * A step whose output is held and printed under its heading when it ends, so steps can run side
 * by side without mixing their lines.
 */
function quietStep(name, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (status !== 0) failures.push(name);
      resolve(() => {
        console.log(`\n=== ${name} ===`);
        process.stdout.write(Buffer.concat(output));
      });
    });
  });
}

// The static checks are single-threaded: eslint on one core, prettier then tsc on the other
// (about a minute and a half less than one after another, in a CI run of about 20 minutes).
const [printLint, printChecks] = await Promise.all([
  quietStep('lint', bin('eslint'), ['.', '--max-warnings', '0']),
  (async () => {
    const format = await quietStep('format', bin('prettier'), [
      '--check',
      '.',
      '--log-level',
      'warn',
    ]);
    const typecheck = await quietStep('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
    return () => {
      format();
      typecheck();
    };
  })(),
]);
printLint();
printChecks();

// The SQLite suite: DATABASE_URL would move the API tests to PostgreSQL (npm run test:pg does that).
await step(
  'unit, component and API tests',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  { DATABASE_URL: '' },
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
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
