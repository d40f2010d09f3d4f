// The event-stream clients of bench/fan-out.ts, in a worker thread so the server's thread
// measures only its own work: opens the streams, notes when each 'leaderboard' and 'points'
// event arrives (epoch ms, comparable across threads), and hands the notes over when asked.
import { request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** streams: [{ cookie, count, placer }] (placer: the placing reader's index, or -1). */
const { url, streams } = workerData;
const target = new URL(url);
const now = () => performance.timeOrigin + performance.now();
/** Per stream: arrival times of its 'leaderboard' events. */
const leaderboard = [];
/** Per placer: [total, arrival] of its 'points' events. */
const points = new Map();
const requests = [];
let refused = 0;

function open(cookie, index, placer) {
  return new Promise((resolve) => {
    leaderboard[index] = [];
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: '/api/events',
        headers: { cookie, origin: target.origin },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          refused += 1;
          res.resume();
          return resolve();
        }
        res.setEncoding('utf8');
        let opened = false;
        res.on('data', (chunk) => {
          const at = now();
          if (!opened && chunk.includes(': connected')) {
            opened = true;
            resolve();
          }
          let from = 0;
          while ((from = chunk.indexOf('event: leaderboard', from)) !== -1) {
            leaderboard[index].push(at);
            from += 18;
          }
          if (placer >= 0 && chunk.includes('event: points')) {
            for (const match of chunk.matchAll(/"totalPoints":(\d+)/g)) {
              points.get(placer).push([Number(match[1]), at]);
            }
          }
        });
      },
    );
    requests.push(req);
    req.on('error', () => {
      refused += 1;
      resolve();
    });
    req.end();
  });
}

const opening = [];
let index = 0;
for (const { cookie, count, placer } of streams) {
  if (placer >= 0) points.set(placer, []);
  for (let i = 0; i < count; i += 1) opening.push(open(cookie, index++, placer));
  // A few at a time, as browsers arrive, rather than thousands of handshakes at once.
  if (opening.length % 200 < count) await Promise.all(opening.slice(-200));
}
await Promise.all(opening);
parentPort.postMessage({ open: index - refused, refused });
parentPort.on('message', (message) => {
  if (message === 'report') {
    parentPort.postMessage({ leaderboard, points: [...points.entries()] });
  } else if (message === 'close') {
    for (const req of requests) req.destroy();
    process.exit(0);
  }
});
