/**
 * A fake XMLHttpRequest for the import's upload (fetch cannot report upload progress, so the
 * import does not go through mockApi). `stubXhr()` replaces the global for one test; each
 * request sent is recorded, and is either answered at once by the reply given (with upload
 * progress on the way), or driven step by step by the test: uploadProgress, finishUpload,
 * respond, failNetwork. Each step runs inside act(), as a real event would reach React.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { MockReply } from '../../../test-utils/mock-api';

/** The parts of a ProgressEvent the code under test reads. */
interface FakeProgressEvent {
  type: string;
  lengthComputable: boolean;
  loaded: number;
  total: number;
}

type Listener = (event: FakeProgressEvent) => void;

class FakeEventTarget {
  private readonly listeners = new Map<string, Listener[]>();

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: string, progress: Partial<FakeProgressEvent> = {}) {
    const event = { type, lengthComputable: false, loaded: 0, total: 0, ...progress };
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/**
 * Runs one step inside act() as an async scope, so the promise reactions it sets off (the
 * import's `await sendImport(...)` going on) reach React inside it too.
 */
function step(run: () => void): Promise<void> {
  return act(() => {
    run();
    return Promise.resolve();
  });
}

export class FakeXhr extends FakeEventTarget {
  readonly upload = new FakeEventTarget();
  /** Never set by the code under test: a same-origin request sends cookies without it. */
  withCredentials = false;
  method = '';
  url = '';
  readonly headers = new Headers();
  /** The request body as sent (a string for JSON). */
  sent: unknown = undefined;
  status = 0;
  responseText = '';
  private responseHeaders = new Headers();

  constructor(private readonly onSend: (request: FakeXhr) => void) {
    super();
  }

  open(method: string, url: string) {
    this.method = method.toUpperCase();
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name);
  }

  send(body?: unknown) {
    this.sent = body;
    this.onSend(this);
  }

  /** The body parsed as JSON. */
  get body(): unknown {
    return typeof this.sent === 'string' ? (JSON.parse(this.sent) as unknown) : undefined;
  }

  /** Bytes the body takes, as the browser's upload events count them. */
  get bodyBytes(): number {
    return typeof this.sent === 'string' ? new TextEncoder().encode(this.sent).length : 0;
  }

  /** Reports a share (0 to 1) of the body as uploaded. */
  async uploadProgress(fraction: number) {
    const total = this.bodyBytes;
    await step(() => {
      this.upload.emit('progress', {
        lengthComputable: true,
        loaded: Math.round(total * fraction),
        total,
      });
    });
  }

  /** The whole body is uploaded: the server now has the request. */
  async finishUpload() {
    const total = this.bodyBytes;
    await step(() => {
      this.upload.emit('progress', { lengthComputable: true, loaded: total, total });
      this.upload.emit('load', { lengthComputable: true, loaded: total, total });
    });
  }

  /** The server's answer, JSON like the API's. */
  async respond({ status = 200, body }: MockReply) {
    await step(() => {
      this.status = status;
      this.responseHeaders = new Headers({ 'content-type': 'application/json; charset=utf-8' });
      this.responseText = body === undefined ? '' : JSON.stringify(body);
      this.emit('load');
    });
  }

  /** The server could not be reached. */
  async failNetwork() {
    await step(() => {
      this.emit('error');
    });
  }
}

/**
 * Stubs the global XMLHttpRequest. With `reply`, every request is uploaded in two steps and
 * answered with what it returns; without, the test drives each request (see `next`).
 */
export function stubXhr(reply?: (request: FakeXhr) => MockReply | Promise<MockReply>) {
  const requests: FakeXhr[] = [];
  const waiting: ((request: FakeXhr) => void)[] = [];
  let handedOut = 0;

  const onSend = (request: FakeXhr) => {
    requests.push(request);
    waiting.shift()?.(request);
    if (!reply) return;
    void (async () => {
      await request.uploadProgress(0.5);
      await request.finishUpload();
      await request.respond(await reply(request));
    })();
  };

  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super(onSend);
      }
    },
  );

  return {
    requests,
    /** The next request, once it is sent: the first call gives the first request, and so on. */
    next(): Promise<FakeXhr> {
      const sent = requests[handedOut];
      handedOut += 1;
      if (sent) return Promise.resolve(sent);
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}
