// npm run test:cluster: two API instances as real processes on one throwaway PostgreSQL and one
// throwaway Redis, checked through HTTP (issue 10, decision 012). Prints a pass/fail summary,
// exits non-zero on failure, and stops everything it started.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import { root } from './lib.mjs';
import { startThrowawayPostgres } from './pg-throwaway.mjs';
import { ensureRedisServer, sparePort, startThrowawayRedis } from './redis-throwaway.mjs';

// The address a reverse proxy would give both instances; every request names it as its Origin.
const PUBLIC_URL = 'http://localhost:8080';
const PASSWORD = 'Hedgehog-1';
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const logDir = mkdtempSync(path.join(tmpdir(), 'bingo-cluster-'));
const cleanups = [];
const results = [];

/** Runs one named check, recording pass or fail with what went wrong. */
async function check(name, body) {
  const checkStarted = performance.now();
  try {
    const detail = await body();
    const ms = Math.round(performance.now() - checkStarted);
    results.push({ name, ok: true });
    console.log(`  PASS  ${name}${detail ? ` (${detail})` : ''} [${ms} ms]`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`  FAIL  ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** One HTTP request to an instance; JSON in and out, with our Origin and the cookie. */
function send(instance, method, url, { body, cookie, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: instance.port,
        method,
        path: url,
        headers: {
          origin: PUBLIC_URL,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let json = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json, text });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Opens GET /api/events and collects its events as they arrive. */
function openEventStream(instance, cookie) {
  return new Promise((resolve, reject) => {
    const events = [];
    const waiters = [];
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: instance.port,
        path: '/api/events',
        headers: { cookie, origin: PUBLIC_URL },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`event stream ${res.statusCode}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = block.match(/^event: (.*)$/m)?.[1];
            const data = block.match(/^data: (.*)$/m)?.[1];
            if (event) events.push({ event, data, at: performance.now() });
          }
          for (const wake of waiters.splice(0)) wake();
        });
        resolve({
          events,
          /** Resolves with the first `name` event, or rejects after `timeoutMs`. */
          async next(name, timeoutMs) {
            const deadline = performance.now() + timeoutMs;
            for (;;) {
              const found = events.find((e) => e.event === name);
              if (found) return found;
              if (performance.now() > deadline) throw new Error(`no '${name}' event`);
              await new Promise((wake) => {
                waiters.push(wake);
                setTimeout(wake, 50);
              });
            }
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function cookieOf(response) {
  const header = response.headers['set-cookie'] ?? [];
  const pairs = header.map((c) => c.split(';')[0]).filter((c) => !c.endsWith('='));
  assert(pairs.length > 0, `no session cookie (status ${response.status}: ${response.text})`);
  return pairs.join('; ');
}

/** `cookie` with the cookies a response set added (a newer value replaces an older one). */
function withCookiesOf(cookie, response) {
  const pairs = new Map(cookie.split('; ').map((pair) => [pair.split('=')[0], pair]));
  for (const line of response.headers['set-cookie'] ?? []) {
    const pair = line.split(';')[0];
    pairs.set(pair.split('=')[0], pair);
  }
  return [...pairs.values()].join('; ');
}

/** Solves a captcha from `from` as the login form's widget does in a browser. */
async function solveCaptcha(from) {
  const { json: challenge } = await send(from, 'GET', '/api/captcha/challenge');
  const solution = await solveChallenge({ challenge, deriveKey });
  assert(solution, 'could not solve the captcha');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let readerCount = 0;
/** Registers a reader on `on` and signs in there (captcha solved in Node); returns the cookie. */
async function createReader(on, captchaFrom = on) {
  readerCount += 1;
  const email = `cluster${readerCount}-${Date.now().toString(36)}@example.com`;
  const signUp = await send(on, 'POST', '/api/auth/sign-up/email', {
    body: { email, password: PASSWORD, name: `cluster${readerCount}` },
  });
  assert(signUp.status === 200, `sign-up ${signUp.status}: ${signUp.text}`);
  const signIn = await send(on, 'POST', '/api/auth/sign-in/email', {
    body: { email, password: PASSWORD },
    headers: { 'x-captcha': await solveCaptcha(captchaFrom) },
  });
  assert(signIn.status === 200, `sign-in ${signIn.status}: ${signIn.text}`);
  const cookie = cookieOf(signIn);
  const me = await send(on, 'GET', '/api/me', { cookie });
  return { email, cookie, id: me.json?.user?.id };
}

/** Starts `node --import tsx src/server/main.ts` (one process, so kill -9 ends the server). */
async function startInstance(name, env) {
  const port = await sparePort();
  const logFile = path.join(logDir, `${name}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  const instance = { name, port, child, logFile };
  cleanups.push(() => instance.child.exitCode === null && instance.child.kill('SIGKILL'));
  const deadline = performance.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${tail(logFile)}`);
    const health = await send(instance, 'GET', '/api/health').catch(() => null);
    if (health?.status === 200) return instance;
    if (performance.now() > deadline) throw new Error(`${name} did not start: ${tail(logFile)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function tail(file, lines = 20) {
  try {
    return `\n${readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n')}`;
  } catch {
    return '(no log)';
  }
}

async function main() {
  console.log('Cluster test: two instances on one PostgreSQL and one Redis');
  const redisBinary = ensureRedisServer();
  if (!redisBinary) throw new Error('redis-server is needed (apt-get install redis-server)');
  const postgres = startThrowawayPostgres(await sparePort());
  cleanups.push(() => postgres.stop());
  const redis = await startThrowawayRedis({ binary: redisBinary });
  cleanups.push(() => redis.stop());
  console.log(`  PostgreSQL ${postgres.url}, Redis ${redis.url} [${elapsed()}]`);

  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    APP_URL: PUBLIC_URL,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    AUTH_SECRET: 'cluster-test-secret-that-is-long-enough-0123456789',
    DATA_DIR: logDir,
    STATIC_DIR: path.join(logDir, 'no-static'),
    CAPTCHA_COST: '10',
    // Every reader signs up from 127.0.0.1: the per-address sign-in limit would stop the setup.
    AUTH_RATE_LIMIT_MAX: '10000',
    LOG_LEVEL: 'warn',
  };
  // One after the other: the first migrates and seeds the demo grid and catalogue.
  const one = await startInstance('instance-1', env);
  const two = await startInstance('instance-2', env);
  console.log(`  instance 1 on :${one.port}, instance 2 on :${two.port} [${elapsed()}]`);

  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  cleanups.push(() => db.end());
  const grid = (
    await db.query(
      'select id from grids where club_id is null order by created_at desc, id desc limit 1',
    )
  ).rows[0];
  const cells = (
    await db.query('select id from cells where grid_id = $1 order by position', [grid.id])
  ).rows.map((row) => row.id);
  const isbns = (await db.query('select isbn from books order by isbn limit 16')).rows.map(
    (row) => row.isbn,
  );

  await check('the same cookie works on both instances', async () => {
    // Captcha from instance 2, sign-in on instance 1: the used solution is shared too.
    const reader = await createReader(one, two);
    const onOne = await send(one, 'GET', '/api/me', { cookie: reader.cookie });
    const onTwo = await send(two, 'GET', '/api/me', { cookie: reader.cookie });
    assert(onTwo.status === 200 && onTwo.json?.user?.id === onOne.json?.user?.id, 'not the same');
    return `reader ${onTwo.json.user.id.slice(0, 8)} on both`;
  });

  await check('an event stream on instance 2 sees a placement made on instance 1', async () => {
    const reader = await createReader(one);
    const stream = await openEventStream(two, reader.cookie);
    try {
      const sent = performance.now();
      const placed = await send(one, 'POST', '/api/bingo/placements', {
        cookie: reader.cookie,
        body: { cellId: cells[0], isbn: isbns[0] },
      });
      const acknowledged = performance.now();
      assert(placed.status === 200, `placement ${placed.status}: ${placed.text}`);
      const event = await stream.next('points', 5000);
      const latency = Math.max(0, event.at - acknowledged);
      assert(JSON.parse(event.data).totalPoints === placed.json.totalPoints, 'wrong total');
      assert(latency < 1000, `arrived ${Math.round(latency)} ms after the placement`);
      return `arrived ${Math.round(event.at - sent)} ms after the request was sent`;
    } finally {
      stream.close();
    }
  });

  await check('sign-out on instance 1 is 401 on instance 2 at once', async () => {
    const reader = await createReader(two);
    const guarded = (instance) =>
      send(instance, 'GET', '/api/settings/reset-date', { cookie: reader.cookie });
    assert((await guarded(two)).status === 200, 'not signed in on instance 2');
    assert((await guarded(one)).status === 200, 'not signed in on instance 1');
    const out = await send(one, 'POST', '/api/auth/sign-out', { body: {}, cookie: reader.cookie });
    assert(out.status === 200, `sign-out ${out.status}`);
    const after = await guarded(two);
    assert(after.status === 401, `instance 2 answered ${after.status}`);
  });

  await check('a per-reader limit is counted across both instances', async () => {
    const reader = await createReader(one);
    const statuses = [];
    // The leaderboard allows 60 a minute per reader (src/server/http/rate-limit-rules.ts).
    for (let i = 0; i < 61; i += 1) {
      const instance = i % 2 === 0 ? one : two;
      const response = await send(instance, 'GET', '/api/leaderboard?scope=global', {
        cookie: reader.cookie,
      });
      statuses.push(response.status);
    }
    const allowed = statuses.filter((s) => s === 200).length;
    assert(allowed === 60, `${allowed} allowed across both (60 expected)`);
    assert(statuses.at(-1) === 429, `the 61st answered ${statuses.at(-1)}`);
    const refused = await send(one, 'GET', '/api/leaderboard?scope=global', {
      cookie: reader.cookie,
    });
    assert(refused.status === 429, `instance 1 then answered ${refused.status}`);
    return '60 allowed over both, the 61st refused';
  });

  // Decision 027: both instances keep the card and the boards in memory; a reader's own write
  // is seen at once on the other instance (the answer's bingo.seen cookie names the commit).
  const readCard = async (instance, cookie) => {
    const card = await send(instance, 'GET', `/api/bingo/grids/${grid.id}`, { cookie });
    assert(card.status === 200, `card ${card.status}: ${card.text}`);
    return card.json;
  };
  await check(
    'a reader who places on instance 1 sees it at once on the card on instance 2',
    async () => {
      const reader = await createReader(one);
      for (let i = 0; i < 2; i += 1) {
        assert((await readCard(two, reader.cookie)).cells[5].placement === null, 'not empty');
      }
      const placed = await send(one, 'POST', '/api/bingo/placements', {
        cookie: reader.cookie,
        body: { cellId: cells[5], isbn: isbns[5] },
      });
      assert(placed.status === 200, `placement ${placed.status}: ${placed.text}`);
      const cookie = withCookiesOf(reader.cookie, placed);
      const card = await readCard(two, cookie);
      assert(card.cells[5].placement?.bookIsbn === isbns[5], 'instance 2 showed the old card');
      assert(card.points === placed.json.totalPoints, `points ${card.points}`);
      return `${card.points} points on instance 2`;
    },
  );

  await check(
    'the Global Top 10 and Friends board on instance 2 show a placement on instance 1 at once',
    async () => {
      const reader = await createReader(two);
      const mine = async (scope, cookie) => {
        const board = await send(two, 'GET', `/api/leaderboard?scope=${scope}`, { cookie });
        assert(board.status === 200, `${scope} board ${board.status}`);
        return board.json.entries.find((entry) => entry.isYou)?.points;
      };
      // On the Global Top 10 among the seeded readers: points given straight in the database,
      // which instance 2 shows once its kept board expires (TOP_PLAYERS_TTL_MS).
      await db.query('update users set points = 1000000 where id = $1', [reader.id]);
      for (let polls = 0; (await mine('global', reader.cookie)) !== 1000000; polls += 1) {
        assert(polls < 40, 'the reader never reached the Global Top 10 on instance 2');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // Instance 2 keeps both boards now.
      assert((await mine('friends', reader.cookie)) === 1000000, 'friends board before');
      const placed = await send(one, 'POST', '/api/bingo/placements', {
        cookie: reader.cookie,
        body: { cellId: cells[6], isbn: isbns[6] },
      });
      assert(placed.status === 200, `placement ${placed.status}: ${placed.text}`);
      const cookie = withCookiesOf(reader.cookie, placed);
      const total = placed.json.totalPoints;
      const [global, friends] = [await mine('global', cookie), await mine('friends', cookie)];
      assert(friends === total, `friends board ${friends}, placement said ${total}`);
      assert(global === total, `global board ${global}, placement said ${total}`);
      return `${total} points on both boards`;
    },
  );

  await check(
    'kill -9 of instance 1 during a burst of placements loses no acknowledged one',
    async () => {
      const readers = [];
      for (let i = 0; i < 6; i += 1) readers.push(await createReader(i % 2 === 0 ? one : two));
      // Every reader places a book on every square, alternating instances, 8 at a time.
      const jobs = readers.flatMap((reader, r) =>
        cells.map((cellId, c) => ({
          reader,
          cellId,
          isbn: isbns[c],
          to: (r + c) % 2 === 0 ? one : two,
        })),
      );
      const acknowledged = [];
      const afterKillOnTwo = [];
      let killed = false;
      let next = 0;
      const worker = async () => {
        while (next < jobs.length) {
          const job = jobs[next++];
          const target = killed ? two : job.to;
          try {
            const response = await send(target, 'POST', '/api/bingo/placements', {
              cookie: job.reader.cookie,
              body: { cellId: job.cellId, isbn: job.isbn },
            });
            if (response.status === 200)
              acknowledged.push({ ...job, points: response.json.placement.points });
            if (killed && target === two) afterKillOnTwo.push(response.status);
          } catch {
            // A request to the killed instance: never acknowledged, so nothing to keep.
          }
          if (!killed && acknowledged.length >= jobs.length / 3) {
            killed = true;
            one.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      assert(killed, 'instance 1 was never killed');
      assert(acknowledged.length > jobs.length / 3, `only ${acknowledged.length} acknowledged`);
      const serverErrors = afterKillOnTwo.filter((s) => s >= 500);
      assert(afterKillOnTwo.length > 0, 'instance 2 got no request after the kill');
      assert(serverErrors.length === 0, `instance 2 answered ${serverErrors.length} errors`);

      // Every acknowledged placement is on the reader's card, read through instance 2.
      for (const reader of readers) {
        const card = await send(two, 'GET', `/api/bingo/grids/${grid.id}`, {
          cookie: reader.cookie,
        });
        assert(card.status === 200, `card ${card.status}`);
        const placed = new Map(card.json.cells.map((cell) => [cell.id, cell.placement]));
        for (const job of acknowledged.filter((j) => j.reader === reader)) {
          assert(
            placed.get(job.cellId)?.bookIsbn === job.isbn,
            `lost ${job.isbn} on ${job.cellId}`,
          );
        }
        const sum = card.json.cells.reduce(
          (total, cell) => total + (cell.placement?.points ?? 0),
          0,
        );
        assert(card.json.points === sum, `points ${card.json.points} but placements sum to ${sum}`);
      }
      const still = await send(two, 'GET', '/api/health');
      assert(still.status === 200, `instance 2 health ${still.status}`);
      return `${acknowledged.length} of ${jobs.length} acknowledged, all kept; instance 2 answered ${afterKillOnTwo.length} after the kill`;
    },
  );
}

let failure = null;
try {
  await main();
} catch (error) {
  failure = error;
  console.log(`  FAIL  setup: ${error instanceof Error ? error.message : String(error)}`);
}
for (const cleanup of cleanups.reverse()) {
  try {
    await cleanup();
  } catch {
    // already gone
  }
}
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed + (failure ? 1 : 0);
if (failed > 0) console.log(`  instance logs: ${logDir}`);
console.log(`Cluster test finished in ${elapsed()}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
