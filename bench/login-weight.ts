import type { Page } from '@playwright/test';

/**
 * Issue 9's budget, kept by issue 22: the JavaScript a browser downloads before /login can be
 * typed into, as it comes over the network (compressed bodies and their response headers).
 */
export const LOGIN_BUDGET_BYTES = 110 * 1024;

/**
 * DevTools' "Slow 4G" preset (Chromium 121 and later): 562.5 ms round trip, 1.44 Mbit/s down,
 * 675 kbit/s up. It changes when the form is ready, not what is counted: it lets a late script
 * show up as late, as it would on a phone.
 */
export const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
} as const;

export interface FetchedScript {
  /** URL path, e.g. /assets/index-abc.js. */
  path: string;
  /** Response body bytes as they came (compressed), as Chromium counted them. */
  bodyBytes: number;
  /** Body and response headers: everything Chromium received for the script. */
  wireBytes: number;
  /** Content-Encoding the server chose ('identity' when none). */
  encoding: string;
}

export interface LoginScripts {
  /** Every script Chromium asked for before the sign-in form could be typed into. */
  scripts: FetchedScript[];
  /** Sum of wireBytes: the figure the budget is about. */
  wireBytes: number;
  /** Sum of bodyBytes. */
  bodyBytes: number;
  /** Milliseconds from navigation to the email field being editable. */
  readyMs: number;
}

/**
 * Runs in the page before its own scripts: notes in `window.loginReadyAt` (ms since the epoch)
 * the moment the email field is first there, enabled and writable.
 */
const NOTE_LOGIN_READY = `(() => {
  let observer;
  const check = () => {
    const field = document.querySelector('input[type="email"]');
    if (window.loginReadyAt !== undefined || !field || field.disabled || field.readOnly) return;
    window.loginReadyAt = performance.timeOrigin + performance.now();
    observer.disconnect();
  };
  observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

interface Pending {
  path: string;
  /** When Chromium asked for it, in ms since the epoch. */
  sentAt: number;
  headerBytes?: number;
  encoding?: string;
  done?: { wireBytes: number };
  failed?: string;
}

/**
 * Loads /login in `page` (Chromium, through the Chrome DevTools Protocol) with its cache off and,
 * unless told otherwise, on Slow 4G, waits until the email field can be typed into, and sums what
 * Chromium received for every script it had asked for by then (Network.loadingFinished's
 * encodedDataLength: compressed body plus response headers; Network.responseReceived's tells the
 * headers' share). Scripts still arriving at that moment are waited for and counted. Nothing on
 * the page is touched, so the captcha (loaded on the first touch, or 3 s after first paint)
 * comes after the moment measured. Used by tests/e2e/login-weight.spec.ts and the page-weight
 * bench alike, so both report the figure the browser sees.
 */
export async function measureLoginScripts(
  page: Page,
  loginUrl: string,
  options: { throttle?: boolean } = {},
): Promise<LoginScripts> {
  const cdp = await page.context().newCDPSession(page);
  const requests = new Map<string, Pending>();
  let settle: (() => void) | undefined;
  const check = () => settle?.();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type !== 'Script') return;
    requests.set(event.requestId, {
      path: new URL(event.request.url).pathname,
      sentAt: event.wallTime * 1000,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.headerBytes = event.response.encodedDataLength;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    request.encoding = headers['content-encoding'] ?? 'identity';
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.done = { wireBytes: event.encodedDataLength };
    check();
  });
  cdp.on('Network.loadingFailed', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.failed = event.errorText;
    check();
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (options.throttle !== false) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);

  try {
    // The page notes the moment itself (a slow test runner may look later than it happened).
    // Sent as text, not as a function: tsx (npm run bench) compiles with esbuild's keepNames,
    // which wraps a named inner function in `__name(...)`, a helper the page does not have, so
    // the script threw in the page and the moment never came (Playwright's own transform, in
    // tests/e2e/login-weight.spec.ts, adds no such helper).
    await page.addInitScript({ content: NOTE_LOGIN_READY });
    const started = Date.now();
    await page.goto(loginUrl, { waitUntil: 'commit' });
    // A function (the page's CSP refuses a string to evaluate), with no named inner function.
    const readyHandle = await page.waitForFunction(
      () => (window as unknown as { loginReadyAt?: number }).loginReadyAt,
      undefined,
      { timeout: 60_000, polling: 100 },
    );
    const readyAt = (await readyHandle.jsonValue()) as number;
    const readyMs = Math.round(readyAt - started);
    const before = [...requests.values()].filter((r) => r.sentAt <= readyAt);

    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('scripts of /login did not finish within 60 s')),
        60_000,
      );
      settle = () => {
        if (before.every((r) => r.done ?? r.failed)) {
          clearTimeout(timer);
          resolve();
        }
      };
      settle();
    });
    const failed = before.filter((r) => r.failed);
    if (failed.length > 0) {
      throw new Error(`scripts failed: ${failed.map((r) => `${r.path} (${r.failed})`).join(', ')}`);
    }
    const scripts = before
      .map((r) => ({
        path: r.path,
        wireBytes: r.done!.wireBytes,
        bodyBytes: r.done!.wireBytes - (r.headerBytes ?? 0),
        encoding: r.encoding ?? 'identity',
      }))
      .sort((a, b) => a.path.localeCompare(b.path));
    return {
      scripts,
      wireBytes: scripts.reduce((sum, s) => sum + s.wireBytes, 0),
      bodyBytes: scripts.reduce((sum, s) => sum + s.bodyBytes, 0),
      readyMs,
    };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
