// Small helpers shared by the npm scripts (plain Node, no build step).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/**
 * Runs a command from the repository root; resolves to its exit code. With `capture`, its output
 * is held instead of shown, and resolves as `{ code, output }` (steps that run side by side).
 */
export function run(command, args, { capture = false, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      cwd: root,
      ...options,
    });
    const output = [];
    if (capture) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    }
    child.on(capture ? 'close' : 'exit', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      resolve(capture ? { code: status, output: Buffer.concat(output) } : status);
    });
  });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when dist/client is missing or older than any source the browser bundle is built from. */
export function clientBuildIsStale() {
  const built = path.join(root, 'dist', 'client', 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['src/client', 'src/lib', 'index.html', 'public', 'vite.config.ts'];
  const newestSource = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  return newestSource > statSync(built).mtimeMs;
}

/** Builds the browser app when it is missing or stale. */
export async function ensureClientBuild() {
  if (!clientBuildIsStale()) return 0;
  console.log('Building the web app (vite build)...');
  return run(bin('vite'), ['build', '--logLevel', 'warn']);
}

const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/**
 * Finds a Chromium for the browser tests: CHROME_PATH, else Debian's. On a Debian machine where
 * we are root, installs Debian's chromium when it is missing; elsewhere says what to install.
 */
export function ensureChromium() {
  const found = () =>
    [process.env.CHROME_PATH, ...CHROMIUM_CANDIDATES].find((p) => p && existsSync(p));
  let chromium = found();
  if (chromium) return chromium;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium with apt-get (about 30 s)...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    chromium = found();
    if (chromium) return chromium;
  }
  console.error(
    [
      'The browser tests need Chromium, and none was found.',
      '  Debian/Ubuntu: sudo apt-get install chromium',
      '  macOS: install Google Chrome or Chromium, then set CHROME_PATH to its binary',
      '  Anywhere: set CHROME_PATH=/path/to/chromium',
    ].join('\n'),
  );
  return null;
}
