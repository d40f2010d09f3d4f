import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { liveEventsQuery, type LiveBoard } from '../../src/lib/live-events';
import { TEST_ORIGIN } from './test-app';

export interface LiveMessage {
  event: string;
  data: string;
}

/** Reads Server-Sent Events from a stream as they arrive. */
export class EventReader {
  private buffer = '';
  readonly messages: LiveMessage[] = [];
  readonly comments: string[] = [];
  private waiters: (() => void)[] = [];

  constructor(stream: Readable) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\n\n')) !== -1) {
        this.parse(this.buffer.slice(0, end));
        this.buffer = this.buffer.slice(end + 2);
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  private parse(block: string) {
    let event = '';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data = line.slice(6);
    }
    if (event) this.messages.push({ event, data });
  }

  /** Waits until `count` events named `event` have arrived. */
  async waitFor(event: string, count = 1, timeoutMs = 3000): Promise<LiveMessage[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.filter((m) => m.event === event);
      if (found.length >= count) return found;
      if (Date.now() > deadline)
        throw new Error(`no ${count} '${event}' events in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
}

/**
 * Opens GET /api/events through inject, reading the body as a stream; `boards`, those the page
 * shows (all of them when left out, as a page from before it could name them).
 */
export async function listen(app: FastifyInstance, cookie: string, boards?: readonly LiveBoard[]) {
  const response = await app.inject({
    method: 'GET',
    url: boards ? `/api/events?${liveEventsQuery(boards)}` : '/api/events',
    headers: { cookie, origin: TEST_ORIGIN },
    payloadAsStream: true,
  });
  return { response, reader: new EventReader(response.stream()) };
}

/**
 * Opens GET /api/events over a real connection to the app listening on `port` (inject cannot
 * tell the server that a client went away): the response as it starts, its whole body (for a
 * refusal), and a way to hang up.
 */
export function connectToEvents(port: number, headers: Record<string, string>) {
  return new Promise<{ response: IncomingMessage; body: () => Promise<string>; close: () => void }>(
    (resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path: '/api/events', headers },
        (response) =>
          resolve({
            response,
            body: async () => {
              let text = '';
              for await (const chunk of response) text += String(chunk);
              return text;
            },
            close: () => request.destroy(),
          }),
      );
      request.on('error', reject).end();
    },
  );
}
