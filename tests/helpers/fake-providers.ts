import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  provider: 'google' | 'openlibrary';
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface FakeReply {
  status?: number;
  /** Sent as JSON; use `raw` for a body that is not. */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** Answer only after this long (to outlast the provider timeout). */
  delayMs?: number;
}

type Handler = (query: URLSearchParams) => FakeReply;

export const GOOGLE_PATH = '/books/v1/volumes';
export const OPEN_LIBRARY_PATH = '/search.json';

const EMPTY_GOOGLE: FakeReply = { body: { kind: 'books#volumes', totalItems: 0 } };
const EMPTY_OPEN_LIBRARY: FakeReply = { body: { numFound: 0, start: 0, docs: [] } };

/**
 * Google Books and Open Library, faked on 127.0.0.1 with a random port (STYLE.md: third-party
 * HTTP is faked at the boundary). Each test sets `google` and `openLibrary`; every request is
 * recorded, and any other path lands in `unexpected`.
 */
export class FakeProviders {
  requests: RecordedRequest[] = [];
  unexpected: string[] = [];
  google: Handler = () => EMPTY_GOOGLE;
  openLibrary: Handler = () => EMPTY_OPEN_LIBRARY;
  private server: Server | null = null;
  private timers = new Set<NodeJS.Timeout>();

  get origin(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  get host(): string {
    return new URL(this.origin).host;
  }

  /** The env that points the app's providers here. */
  env(timeoutMs = 300): Record<string, string> {
    return {
      GOOGLE_BOOKS_ENABLED: 'true',
      GOOGLE_BOOKS_URL: `${this.origin}${GOOGLE_PATH}`,
      GOOGLE_BOOKS_API_KEY: 'test-key',
      OPEN_LIBRARY_ENABLED: 'true',
      OPEN_LIBRARY_URL: `${this.origin}${OPEN_LIBRARY_PATH}`,
      BOOK_PROVIDER_TIMEOUT_MS: String(timeoutMs),
    };
  }

  requestsTo(provider: RecordedRequest['provider']) {
    return this.requests.filter((r) => r.provider === provider);
  }

  /** Forgets what was asked and answers "nothing found" again. */
  reset() {
    this.requests = [];
    this.unexpected = [];
    this.google = () => EMPTY_GOOGLE;
    this.openLibrary = () => EMPTY_OPEN_LIBRARY;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const provider =
        request.method === 'GET' && url.pathname === GOOGLE_PATH
          ? 'google'
          : request.method === 'GET' && url.pathname === OPEN_LIBRARY_PATH
            ? 'openlibrary'
            : null;
      if (!provider) {
        this.unexpected.push(`${request.method} ${request.url}`);
        response.writeHead(404).end();
        return;
      }
      this.requests.push({ provider, query: url.searchParams, headers: request.headers });
      const reply = (provider === 'google' ? this.google : this.openLibrary)(url.searchParams);
      if (!reply.delayMs) return this.send(response, reply);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.send(response, reply);
      }, reply.delayMs);
      this.timers.add(timer);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  private send(response: ServerResponse, reply: FakeReply) {
    if (response.destroyed) return;
    const body = reply.raw ?? JSON.stringify(reply.body ?? {});
    response
      .writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers })
      .end(body);
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** A Google volume in the documented shape, with any volumeInfo fields replaced. */
export function googleVolume(id: string, volumeInfo: Record<string, unknown>) {
  return {
    kind: 'books#volume',
    id,
    etag: `etag-${id}`,
    selfLink: `https://www.googleapis.com/books/v1/volumes/${id}`,
    volumeInfo,
  };
}

export function googleVolumes(items: unknown[]): FakeReply {
  return { body: { kind: 'books#volumes', totalItems: items.length, items } };
}

export function openLibraryDocs(docs: unknown[]): FakeReply {
  return { body: { numFound: docs.length, start: 0, numFoundExact: true, docs } };
}
