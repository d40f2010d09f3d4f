/**
 * A fake API at the fetch boundary for component tests. Routes are keyed 'METHOD /path'; any request
 * to a route the test did not declare fails the test when it finishes.
 *
 * Replies arrive as soon as the handler returns. To see whether the tests wait for what a person
 * would wait for (and do not pass only on a quiet machine), run them with every reply held back:
 * `MOCK_API_LATENCY_MS=250 npx vitest run --project components`. Off (0) by default.
 */
import { onTestFinished, vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

export interface MockReply {
  status?: number;
  body?: unknown;
}

export type MockHandler = (request: RecordedRequest) => MockReply | Promise<MockReply>;

export type MockRoutes = Record<string, MockReply | MockHandler>;

/** An error reply in the server's shape. */
export function apiErrorReply(status: number, message: string, code = 'ERROR'): MockReply {
  return { status, body: { error: { code, message } } };
}

/**
 * A reply the test sends when it chooses, to see the page while the request is on its way. It may
 * be sent before the request has arrived (on a busy machine it may not have yet): the request then
 * gets it on arrival, and so does every later request to the route.
 */
export function heldReply(): { handler: MockHandler; send: (reply: MockReply) => void } {
  let send: (reply: MockReply) => void = () => {};
  const reply = new Promise<MockReply>((resolve) => {
    send = resolve;
  });
  return { handler: () => reply, send };
}

/** The opt-in delay before every reply (see the top of this file). */
function latencyMs(): number {
  const value = Number(process.env.MOCK_API_LATENCY_MS ?? 0);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function mockApi(routes: MockRoutes) {
  const latency = latencyMs();
  const requests: RecordedRequest[] = [];
  const unexpected: string[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = input instanceof Request ? input.url : input.toString();
    const url = new URL(href, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      search: url.search,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init.headers),
      credentials: init.credentials,
    };
    requests.push(request);
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    const route = routes[`${method} ${url.pathname}`];
    if (!route) {
      unexpected.push(`${method} ${url.pathname}`);
      return new Response(JSON.stringify({ error: { code: 'UNMOCKED', message: 'unmocked' } }), {
        status: 599,
        headers: { 'content-type': 'application/json' },
      });
    }
    const reply = typeof route === 'function' ? await route(request) : route;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });

  vi.stubGlobal('fetch', fetchMock);
  onTestFinished(() => {
    if (unexpected.length > 0) {
      throw new Error(`Unexpected API requests: ${unexpected.join(', ')}`);
    }
  });

  return {
    fetchMock,
    requests,
    /** The requests made to one route, e.g. 'POST /api/auth/sign-in/email'. */
    requestsTo(key: string): RecordedRequest[] {
      return requests.filter((r) => `${r.method} ${r.path}` === key);
    },
  };
}
