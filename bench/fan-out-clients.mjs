// Event-stream clients of bench/fan-out.ts, in a process of their own (forked, one of several)
// so the bench's process holds only the server: opens the streams it is handed, notes when each
// 'leaderboard' and 'points' event arrives (epoch ms, comparable across processes), and hands
// the notes over when asked. Talks to the bench over the IPC channel; ends with it.
import { request } from 'node:http';

const now = () => performance.timeOrigin + performance.now();
/** Per stream: arrival times of its 'leaderboard' events. */
const leaderboard = [];
/** Per placer: [total, arrival] of its 'points' events. */
const points = new Map();
let refused = 0;

// The bench gone (ended, failed or killed) closes the channel: no orphan keeps its sockets.
process.on('disconnect', () => process.exit(0));

function open(target, cookie, index, placer, boards) {
  return new Promise((resolve) => {
    leaderboard[index] = [];
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `/api/events?boards=${boards}`,
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
    req.on('error', () => {
      refused += 1;
      resolve();
    });
    req.end();
  });
}

/**
 * url; streams: [{ cookie, count, placer, boards }] (placer: the placing reader's index, or -1;
 * boards: what the stream's page shows, as `?boards=` names it).
 */
async function openAll({ url, streams }) {
  const target = new URL(url);
  const opening = [];
  let index = 0;
  for (const { cookie, count, placer, boards } of streams) {
    if (placer >= 0) points.set(placer, []);
    for (let i = 0; i < count; i += 1) opening.push(open(target, cookie, index++, placer, boards));
    // A few at a time, as browsers arrive, rather than thousands of handshakes at once.
    if (opening.length % 200 < count) await Promise.all(opening.slice(-200));
  }
  await Promise.all(opening);
  process.send({ open: index - refused, refused });
}

process.on('message', (message) => {
  if (message === 'report') {
    process.send({ leaderboard, points: [...points.entries()] });
  } else {
    void openAll(message);
  }
});
