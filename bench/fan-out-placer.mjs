// The placements of bench/fan-out.ts, in a process of their own (forked): sent on a fixed
// schedule (open loop: each at its time whether or not earlier ones were answered), each timed
// from its scheduled moment, so a server that falls behind shows it in the latency. Takes its
// work from the bench's first IPC message and sends the results back the same way.
import { Agent, request } from 'node:http';

const now = () => performance.timeOrigin + performance.now();

// The bench gone (ended, failed or killed) closes the channel: no orphan keeps sending.
process.on('disconnect', () => process.exit(0));

/** requests: [{ path, headers, body }]; perSecond; giveUpMs after the last is sent. */
async function place({ url, requests, perSecond, giveUpMs }) {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const results = requests.map(() => null);

  function send(i, scheduled) {
    const { path, headers, body } = requests[i];
    const req = request(
      { host: target.hostname, port: target.port, path, method: 'POST', headers, agent },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let totalPoints = null;
          try {
            totalPoints = JSON.parse(text).totalPoints ?? null;
          } catch {
            // not JSON: counted by status
          }
          results[i] = { scheduled, answered: now(), status: res.statusCode, totalPoints };
        });
      },
    );
    req.on(
      'error',
      () => (results[i] = { scheduled, answered: now(), status: 0, totalPoints: null }),
    );
    req.end(body);
  }

  const start = now() + 50;
  const gap = 1000 / perSecond;
  for (let i = 0; i < requests.length; i += 1) {
    const scheduled = start + i * gap;
    const wait = scheduled - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    send(i, scheduled);
  }
  const deadline = now() + giveUpMs;
  while (results.some((r) => r === null) && now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  agent.destroy();
  process.send({ results }, () => process.exit(0));
}

process.once('message', (message) => void place(message));
