import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect,
  request as apiRequest,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { test } from './fixtures';
import { messages } from '../../src/lib/messages';
import { placeBooks } from './card-helpers';
import { logIn, READER_PASSWORD } from './support';

// Issue 26: installable (a manifest and a worker Chromium accepts) and offline.

/**
 * A browser with a profile on disk: Chromium reports every incognito window (a plain Playwright
 * context) as not installable, so the install check needs a real profile.
 */
async function browserWithProfile(baseURL: string, launchOptions: object): Promise<BrowserContext> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bingo-offline-'));
  return chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    viewport: { width: 1280, height: 800 },
  });
}

/** The session flag the init script below reads: this tab is offline. */
const OFFLINE_FLAG = 'e2e-offline';

/**
 * Airplane mode for a context. Playwright's emulation cuts the network, but Chromium 150 reports
 * `navigator.onLine` true again in a page the service worker loads after the switch (a reload
 * offline), where a phone offline reports false: an init script completes the emulation in
 * every page the context loads while its tab is flagged offline.
 */
async function emulateAirplaneMode(context: BrowserContext) {
  await context.addInitScript((flag) => {
    try {
      if (sessionStorage.getItem(flag) !== '1') return;
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    } catch {
      // No storage on this page (about:blank): nothing to complete.
    }
  }, OFFLINE_FLAG);
}

/** Takes the context off the network or back on, its pages' `navigator.onLine` with it. */
async function setOffline(context: BrowserContext, offline: boolean) {
  for (const page of context.pages()) {
    await page.evaluate(
      ([flag, off]) => {
        if (off) sessionStorage.setItem(flag, '1');
        else {
          sessionStorage.removeItem(flag);
          // The page's own override goes; the navigator's getter answers again.
          delete (navigator as { onLine?: boolean }).onLine;
        }
      },
      [OFFLINE_FLAG, offline] as const,
    );
  }
  await context.setOffline(offline);
  if (offline) return;
  // A page whose navigator.onLine the script kept false hears no 'online' from Chromium, which
  // thought it online all along; a phone coming back fires it in every page.
  for (const page of context.pages()) {
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
  }
}

/** Registers a reader through the API and logs them in through the real form. */
async function signUpAndLogIn(page: Page, baseURL: string, handle: string) {
  const email = `${handle}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: READER_PASSWORD, name: handle },
    headers: { origin: baseURL },
  });
  expect(signUp.ok()).toBe(true);
  await logIn(page, email, READER_PASSWORD);
}

/**
 * Waits until a service worker controls the page. The app registers it 5 s after load at an idle
 * moment (src/client/main.tsx), so this page stays put until the worker is active, then one
 * reload puts the page under it (a page loaded before the worker is never controlled by it).
 */
async function waitForWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state ?? 'none';
        }),
      { timeout: 45_000, intervals: [1_000] },
    )
    .toBe('activated');
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

test('the app is installable and a service worker controls the page', async ({
  baseURL,
}, testInfo) => {
  const context = await browserWithProfile(baseURL!, testInfo.project.use.launchOptions ?? {});
  const page = await context.newPage();
  await signUpAndLogIn(page, baseURL!, 'installable-reader');
  await waitForWorker(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    start_url: string;
    display: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest.start_url).toBe('/bingo');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  // The worker never keeps an API answer in its caches.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(10);
  expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
  await context.close();
});

/** Puts the first book found for `term` on the signed-in reader's want-to-read list. */
async function addToWantToRead(page: Page, baseURL: string, term = 'Dune') {
  const found = (await (
    await page.request.get(`/api/books/search?q=${encodeURIComponent(term)}`)
  ).json()) as { books: { isbn: string | null; title: string }[] };
  const book = found.books.find((each) => each.isbn);
  if (!book?.isbn) throw new Error(`no book with an ISBN for ${term}`);
  const added = await page.request.post('/api/want-to-read', {
    data: { isbn: book.isbn },
    headers: { origin: baseURL },
  });
  expect(added.status(), await added.text()).toBe(201);
  return { isbn: book.isbn, title: book.title };
}

/** Whether this browser holds an offline copy, and whose. */
function storedReader(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('hedgehog-bingo:offline');
    return raw ? (JSON.parse(raw) as { readerId: string; state: { queries: unknown[] } }) : null;
  });
}

test('offline, the card and rules open from what was last seen; a signed-out browser keeps nothing', async ({
  baseURL,
  browser,
}) => {
  // A plain context: the worker and setOffline work there as on a phone.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await emulateAirplaneMode(context);
  const page = await context.newPage();
  await signUpAndLogIn(page, baseURL!, 'offline-reader');
  const grid = page.getByRole('grid', { name: 'Bingo card' });
  await expect(grid).toBeVisible();
  await waitForWorker(page);
  await expect(grid).toBeVisible();
  const title = await page.locator('.bingo-board__title').innerText();
  // A book on the want-to-read list, seen once online on the profile's tab.
  const wanted = await addToWantToRead(page, baseURL!);
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeEnabled();
  await page.getByRole('tab', { name: 'Want to Read (1)' }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: wanted.title })).toBeVisible();
  await page.goto('/bingo');
  await expect(grid).toBeVisible();
  await expect
    .poll(async () => (await storedReader(page))?.state.queries.length ?? 0)
    .toBeGreaterThan(3);

  await setOffline(context, true);
  await page.reload();
  await expect(grid).toBeVisible();
  await expect(page.locator('.bingo-board__title')).toHaveText(title);
  await expect(page.getByText(/^You're offline: showing your card as of \d\d:\d\d$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset Grid' })).toBeDisabled();
  await expect(page.getByText('Needs a connection: you are offline.')).toBeVisible();

  // The profile and the want-to-read list, as last seen; what needs the network is turned off.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'offlinereader' })).toBeVisible();
  await expect(page.getByText('Failed to load profile data')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Want to Read (1)' }).click();
  const wantToRead = page.getByRole('tabpanel');
  await expect(wantToRead.getByRole('link', { name: wanted.title })).toBeVisible();
  await expect(
    wantToRead.getByRole('button', { name: `Remove ${wanted.title} from your want to read list` }),
  ).toBeDisabled();
  await expect(wantToRead.getByText('Needs a connection: you are offline.')).toBeVisible();

  await page.goto('/rules');
  await expect(
    page.getByRole('heading', { level: 1, name: 'How to play Hedgehog Reading Bingo' }),
  ).toBeVisible();

  // Back online, signed out: nothing of the reader stays for offline use.
  await setOffline(context, false);
  await page.goto('/bingo');
  await expect(grid).toBeVisible();
  await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => storedReader(page)).toBeNull();
  await setOffline(context, true);
  await page.goto('/bingo');
  await page.waitForTimeout(1_000);
  await expect(grid).toHaveCount(0);
  await expect(page.getByText(title)).toHaveCount(0);
  expect(await storedReader(page)).toBeNull();
  await context.close();
});

interface CardCell {
  id: string;
  position: number;
  challenge: string;
}

/** The signed-in reader's current card through the API: its id, squares and points. */
async function currentCard(api: APIRequestContext) {
  const grids = (await (await api.get('/api/grids')).json()) as {
    grids: { id: string; isCurrent: boolean }[];
  };
  const gridId = grids.grids.find((grid) => grid.isCurrent)!.id;
  const card = (await (await api.get(`/api/bingo/grids/${gridId}`)).json()) as {
    cells: (CardCell & { placement: { bookTitle: string; isWildcard: boolean } | null })[];
    points: number;
  };
  return { gridId, ...card };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A square of the card on the page, by its challenge (its accessible name starts with it). */
function squareOf(page: Page, cell: CardCell) {
  return page
    .getByRole('grid', { name: 'Bingo card' })
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(cell.challenge)}\\.`) });
}

test('offline, a reader places a book and its review; back online each is sent once, and refused ones say why', async ({
  baseURL,
  browser,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await emulateAirplaneMode(context);
  const page = await context.newPage();
  await signUpAndLogIn(page, baseURL!, 'queue-reader');
  const grid = page.getByRole('grid', { name: 'Bingo card' });
  await expect(grid).toBeVisible();
  await waitForWorker(page);

  // Known books: Dune on the want-to-read list, The Hobbit finished (placed on the first square).
  const wanted = await addToWantToRead(page, baseURL!, 'Dune');
  const emma = await addToWantToRead(page, baseURL!, 'Emma');
  await placeBooks(page, { 0: 'Hobbit' });
  const { cells } = await currentCard(page.request);
  const square = (position: number) => cells.find((cell) => cell.position === position)!;
  await page.goto('/profile');
  await expect(page.getByRole('tabpanel').getByRole('link', { name: /Hobbit/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Want to Read (2)' }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: wanted.title })).toBeVisible();
  await page.goto('/bingo');
  await expect(squareOf(page, square(0))).toHaveAccessibleName(/Marked with The Hobbit/);
  await expect
    .poll(async () => JSON.stringify((await storedReader(page))?.state.queries ?? []))
    .toContain('want-to-read');

  const posts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && /^\/api\/(bingo\/placements|reviews)$/.test(path)) {
      posts.push(path);
    }
  });

  await setOffline(context, true);
  await page.reload();
  await expect(grid).toBeVisible();

  // Dune from the want-to-read list on the second square, with a review.
  await squareOf(page, square(1)).click();
  const sheet = page.getByRole('dialog', { name: square(1).challenge });
  await expect(sheet.getByText(messages.offlineQueue.knownBooksHint)).toBeVisible();
  await sheet.getByRole('button', { name: `Place ${wanted.title}` }).click();
  const review = page.getByRole('dialog', { name: 'Write a review' });
  await review.getByLabel('Your review').fill('Spice, sand and a very long walk.');
  await review.getByTitle('4 stars').click();
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(review).toHaveCount(0);
  await expect(squareOf(page, square(1))).toHaveAccessibleName(
    new RegExp(`Marked with ${escapeRegExp(wanted.title)}\\. Waiting to send \\(1 in line\\)$`),
  );

  // The Hobbit again, as the wildcard, on the third square: it will be refused.
  await squareOf(page, square(2)).click();
  await page
    .getByRole('dialog', { name: square(2).challenge })
    .getByRole('button', { name: /^Place The Hobbit/ })
    .click();
  await page.getByRole('button', { name: messages.bingo.wildcardConfirm }).click();
  await page
    .getByRole('dialog', { name: 'Write a review' })
    .getByRole('button', { name: 'Skip' })
    .click();
  await expect(squareOf(page, square(2))).toHaveAccessibleName(/Waiting to send \(2 in line\)$/);

  // Emma on "A friend's favourite book" (no rule asks a question): another device fills it first.
  await squareOf(page, square(9)).click();
  await page
    .getByRole('dialog', { name: square(9).challenge })
    .getByRole('button', { name: `Place ${emma.title}` })
    .click();
  await page
    .getByRole('dialog', { name: 'Write a review' })
    .getByRole('button', { name: 'Skip' })
    .click();
  await expect(squareOf(page, square(9))).toHaveAccessibleName(/Waiting to send \(3 in line\)$/);
  expect(posts).toEqual([]);

  // Meanwhile, another device of the same reader spends the wildcard.
  const other = await apiRequest.newContext({
    baseURL,
    storageState: await context.storageState(),
  });
  const pride = (await (await other.get('/api/books/search?q=Pride%20and%20Prejudice')).json()) as {
    books: { isbn: string | null }[];
  };
  const prideIsbn = pride.books.find((book) => book.isbn)!.isbn!;
  const eyre = (await (await other.get('/api/books/search?q=Jane%20Eyre')).json()) as {
    books: { isbn: string | null }[];
  };
  const eyreIsbn = eyre.books.find((book) => book.isbn)!.isbn!;
  for (const [position, isbn] of [
    [5, prideIsbn],
    [6, prideIsbn],
    [9, eyreIsbn],
  ] as const) {
    const placed = await other.post('/api/bingo/placements', {
      data: { cellId: square(position).id, isbn },
      headers: { origin: baseURL! },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
  }

  await setOffline(context, false);
  await expect(squareOf(page, square(1))).toHaveAccessibleName(
    new RegExp(`Marked with ${escapeRegExp(wanted.title)}$`),
  );
  const refusal = messages.offlineQueue.refused(messages.bingo.wildcardUsed);
  await expect(squareOf(page, square(2))).toHaveAccessibleName(
    new RegExp(`Not marked yet, choose a book\\. ${escapeRegExp(refusal)}$`),
  );
  const changed = messages.offlineQueue.refused(messages.offlineQueue.squareChanged);
  await expect(squareOf(page, square(9))).toHaveAccessibleName(
    new RegExp(`Marked with Jane Eyre\\. ${escapeRegExp(changed)}$`),
  );
  const refusals = page.getByRole('list', { name: messages.offlineQueue.refusedTitle });
  await expect(refusals).toContainText(refusal);
  await expect(refusals).toContainText(changed);
  // 10 points each: The Hobbit, Pride and Prejudice twice, Jane Eyre, and Dune once.
  await expect(page.locator('.points-counter')).toContainText('50');
  await page.waitForTimeout(2_000);
  expect(posts.sort()).toEqual([
    '/api/bingo/placements',
    '/api/bingo/placements',
    '/api/bingo/placements',
    '/api/reviews',
  ]);

  const card = await currentCard(page.request);
  expect(card.points).toBe(50);
  expect(card.cells.find((cell) => cell.position === 9)?.placement?.bookTitle).toBe('Jane Eyre');
  expect(card.cells.filter((cell) => cell.placement?.bookTitle === wanted.title)).toHaveLength(1);
  expect(card.cells.find((cell) => cell.position === 2)?.placement).toBeNull();
  const finished = (await (await page.request.get('/api/finished-books')).json()) as {
    books: { title: string; review: string | null; rating: number | null }[];
  };
  expect(finished.books.find((book) => book.title === wanted.title)).toMatchObject({
    review: 'Spice, sand and a very long walk.',
    rating: 4,
  });

  // Both read: each dismissed in turn.
  const dismiss = refusals.getByRole('button', { name: messages.offlineQueue.dismissRefusal });
  await expect(dismiss).toHaveCount(2);
  await dismiss.first().click();
  await expect(dismiss).toHaveCount(1);
  await dismiss.click();
  await expect(refusals).toHaveCount(0);
  await expect(squareOf(page, square(2))).toHaveAccessibleName(/Not marked yet, choose a book$/);
  await expect(squareOf(page, square(9))).toHaveAccessibleName(/Marked with Jane Eyre$/);
  await other.dispose();
  await context.close();
});

test('lie-fi: online yet no network, a reload shows the card from the offline copy, not the login page; a placement made then lands once /api/health answers', async ({
  baseURL,
  browser,
}) => {
  // Issue 26, lie-fi: navigator.onLine stays true all along (no setOffline); the requests fail.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signUpAndLogIn(page, baseURL!, 'lie-fi-reader');
  const grid = page.getByRole('grid', { name: 'Bingo card' });
  await expect(grid).toBeVisible();
  await waitForWorker(page);
  const wanted = await addToWantToRead(page, baseURL!, 'Dune');
  const { cells } = await currentCard(page.request);
  const second = cells.find((cell) => cell.position === 1)!;
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Want to Read (1)' }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: wanted.title })).toBeVisible();
  await page.goto('/bingo');
  await expect(grid).toBeVisible();
  await expect
    .poll(async () => JSON.stringify((await storedReader(page))?.state.queries ?? []))
    .toContain('want-to-read');
  // The server as another device sees it, past the dead network of this browser.
  const server = await apiRequest.newContext({
    baseURL,
    storageState: await context.storageState(),
  });
  const healthAnswers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/health') healthAnswers.push(response.status());
  });

  // A dead Wi-Fi: every request fails at the network; the worker serves the app's own files.
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(grid).toBeVisible();
  await expect(page).toHaveURL(/\/bingo$/);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect(page.getByText(/^You're offline: showing your card as of \d\d:\d\d$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset Grid' })).toBeDisabled();

  await squareOf(page, second).click();
  const sheet = page.getByRole('dialog', { name: second.challenge });
  await expect(sheet.getByText(messages.offlineQueue.knownBooksHint)).toBeVisible();
  await sheet.getByRole('button', { name: `Place ${wanted.title}` }).click();
  await page
    .getByRole('dialog', { name: 'Write a review' })
    .getByRole('button', { name: 'Skip' })
    .click();
  await expect(squareOf(page, second)).toHaveAccessibleName(
    new RegExp(`Marked with ${escapeRegExp(wanted.title)}\\. Waiting to send \\(1 in line\\)$`),
  );
  expect((await currentCard(server)).points).toBe(0);

  // The network is back: the next probe of /api/health (2 s, doubling to 30 s) finds it.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(squareOf(page, second)).toHaveAccessibleName(
    new RegExp(`Marked with ${escapeRegExp(wanted.title)}$`),
    { timeout: 45_000 },
  );
  expect(healthAnswers).toContain(200);
  await expect(page.getByText(/^You're offline/)).toHaveCount(0);
  const card = await currentCard(server);
  expect(card.points).toBe(10);
  expect(card.cells.find((cell) => cell.position === 1)?.placement?.bookTitle).toBe(wanted.title);
  await server.dispose();
  await context.close();
});
