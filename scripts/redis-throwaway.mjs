// A throwaway Redis (DESIGN.md, 'A throwaway Redis') for the Redis tests and the cluster test:
// Debian's redis-server on a spare port, no persistence, stopped by whoever started it. Never the
// system service.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';

const CANDIDATES = [
  '/usr/bin/redis-server',
  '/usr/local/bin/redis-server',
  '/opt/homebrew/bin/redis-server',
];

/** The redis-server binary, or null when the machine has none. */
export function findRedisServer() {
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * Finds redis-server; as root on a Debian machine, installs Debian's package when it is missing
 * (as .ci/run does). Returns null, after saying what to install, when it cannot.
 */
export function ensureRedisServer() {
  let found = findRedisServer();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("redis-server is missing: installing Debian's redis-server with apt-get...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'inherit', env });
    found = findRedisServer();
    if (found) return found;
  }
  console.error(
    'redis-server was not found. Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis',
  );
  return null;
}

/** A TCP port nobody listens on right now. */
export function sparePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** True when a Redis on the port answers PING. */
function answersPing(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/**
 * Starts redis-server on 127.0.0.1 (a spare port unless `port` is given) as a child process and
 * waits until it answers. Returns its URL, `stop()` (kills it and waits), and `start()` (starts
 * it again on the same port, for tests of a Redis that goes away and comes back).
 */
export async function startThrowawayRedis(options = {}) {
  const binary = options.binary ?? findRedisServer();
  if (!binary) throw new Error('redis-server was not found (apt-get install redis-server)');
  const port = options.port ?? (await sparePort());
  let child = null;

  const start = async () => {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    child = spawn(binary, args, { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (await answersPing(port)) return;
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`redis-server did not start on port ${port}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  // A test run that dies must not leave its Redis behind.
  process.once('exit', () => child?.kill('SIGKILL'));
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}
