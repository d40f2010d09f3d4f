// The event-stream clients of bench/fan-out.ts, in a worker thread so the server's thread
// measures only its own work: opens the streams, then reports when every stream has seen the
// k-th 'leaderboard' event.
import { request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, cookies, perCookie } = workerData;
const target = new URL(url);
const counts = [];
let expected = 0;
let reached = 0;
const agent = false;

function open(cookie, index) {
  return new Promise((resolve, reject) => {
    counts[index] = 0;
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: '/api/events',
        headers: { cookie, origin: target.origin },
        agent,
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
        res.setEncoding('utf8');
        let opened = false;
        res.on('data', (chunk) => {
          if (!opened && chunk.includes(': connected')) {
            opened = true;
            resolve();
          }
          const events = chunk.split('event: leaderboard').length - 1;
          if (events === 0) return;
          const before = counts[index];
          counts[index] += events;
          if (before < expected && counts[index] >= expected) {
            reached += 1;
            if (reached === counts.length) {
              parentPort.postMessage({ delivered: performance.timeOrigin + performance.now() });
            }
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const opening = [];
let index = 0;
for (const cookie of cookies) {
  for (let i = 0; i < perCookie; i += 1) opening.push(open(cookie, index++));
  // A few at a time, as browsers arrive, rather than thousands of handshakes at once.
  if (opening.length % 200 === 0) await Promise.all(opening.slice(-200));
}
await Promise.all(opening);
parentPort.postMessage({ open: counts.length });
parentPort.on('message', (message) => {
  if (message === 'close') process.exit(0);
  expected = message.expect;
  reached = counts.filter((c) => c >= expected).length;
});
