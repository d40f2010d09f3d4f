// The README's screenshots: `node scripts/screenshots.mjs`.
// Starts the app on the demo data (a fresh SQLite database, as `npm start` seeds an empty one,
// via scripts/e2e-server.mjs). The demo reader places books on the shared card (a whole first
// row), founds a club through the API (three readers join by its invitation link and place books
// on its card), and Chromium photographs: the card at 1280 px and at 360 px (issue 9), the club
// page at 1280 px and at 360 px, and the join page at 360 px (issue 12).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ensureChromium, ensureClientBuild, root } from './lib.mjs';

const PORT = process.env.SCREENSHOT_PORT ?? '4399';
const BASE = `http://localhost:${PORT}`;
const DOCS = path.join(root, 'docs');
const PASSWORD = 'Prickly-Reader-7';
const DEMO_READER = { email: 'reader@hedgehog-bingo.local', password: 'Hedgehog-Reader-1' };
const ORIGIN = { origin: BASE };

async function waitForHealth() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app did not answer on ${BASE}`);
}

/** Logs in through the real form (the captcha solves itself at the demo's low cost). */
async function logIn(page, email, password) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('altcha-widget input[type="checkbox"]').click({ force: true });
  // click() waits for the button to be enabled, which it is once the captcha is solved.
  await page.getByRole('button', { name: 'Login' }).click({ timeout: 30_000 });
  await page.waitForURL(/\/bingo$/);
}

async function json(response) {
  if (!response.ok())
    throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return response.json();
}

async function newReader(browser, name, viewport) {
  const context = await browser.newContext({ baseURL: BASE, viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const email = `${name.toLowerCase()}@example.com`;
  await json(
    await page.request.post('/api/auth/sign-up/email', {
      data: { email, password: PASSWORD, name },
      headers: ORIGIN,
    }),
  );
  await logIn(page, email, PASSWORD);
  return { context, page };
}

/** Places books (search terms) on squares of one card, as Choose on the bingo page would. */
async function placeBooks(page, gridId, books) {
  const card = await json(await page.request.get(`/api/bingo/grids/${gridId}`));
  for (const [position, term] of Object.entries(books)) {
    const cell = card.cells.find((c) => c.position === Number(position));
    const found = await json(
      await page.request.get(`/api/books/search?q=${encodeURIComponent(term)}`),
    );
    const book = found.books.find((b) => b.isbn);
    await json(
      await page.request.post('/api/bingo/placements', {
        headers: ORIGIN,
        data: { cellId: cell.id, isbn: book.isbn },
      }),
    );
  }
}

async function main() {
  // STATIC_DIR: a build of your own (vite build --outDir); else dist/client, built when stale.
  if (!process.env.STATIC_DIR && (await ensureClientBuild()) !== 0) process.exit(1);
  const executablePath = ensureChromium();
  if (!executablePath) process.exit(1);
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'e2e-server.mjs')], {
    cwd: root,
    env: { ...process.env, E2E_PORT: PORT },
    stdio: 'inherit',
    detached: true,
  });
  try {
    await waitForHealth();
    const browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    const desktop = { width: 1280, height: 800 };
    const phone = { width: 360, height: 740 };

    // The demo reader founds the club and its card, and makes an invitation link.
    const ownerContext = await browser.newContext({ baseURL: BASE, viewport: desktop });
    const owner = await ownerContext.newPage();
    await logIn(owner, DEMO_READER.email, DEMO_READER.password);
    const { club } = await json(
      await owner.request.post('/api/clubs', {
        headers: ORIGIN,
        data: {
          name: 'Hedgerow Book Circle',
          description: 'We meet on Thursdays under the old oak. Autumn theme: books with maps.',
        },
      }),
    );
    const grids = await json(await owner.request.get('/api/grids'));
    const shared = await json(await owner.request.get(`/api/bingo/grids/${grids.grids[0].id}`));
    const resetDate = `${new Date().getUTCFullYear() + 1}-01-31`;
    const { card } = await json(
      await owner.request.post(`/api/clubs/${club.id}/cards`, {
        headers: ORIGIN,
        data: {
          title: 'Hedgerow Winter Card',
          challenges: shared.cells
            .sort((a, b) => a.position - b.position)
            .map((cell) => cell.challenge),
          resetDate,
        },
      }),
    );
    const invite = await json(
      await owner.request.post(`/api/clubs/${club.id}/invites`, {
        headers: ORIGIN,
        data: { expiresInDays: 30 },
      }),
    );

    // Three readers join by the link and read; the demo reader places a book too.
    const shelves = {
      Bramble: { 0: 'Dune', 2: 'Hobbit', 5: 'Emma', 10: 'Frankenstein' },
      Thistle: { 0: 'Hobbit', 3: 'Dracula' },
      Conker: { 2: 'Dune' },
    };
    for (const [name, books] of Object.entries(shelves)) {
      const reader = await newReader(browser, name, desktop);
      await json(
        await reader.page.request.post(`/api/club-invites/${invite.path.split('/').pop()}`, {
          headers: ORIGIN,
          data: {},
        }),
      );
      await placeBooks(reader.page, card.id, books).catch((error) => {
        console.warn(`${name}: some books were not placed (${error.message})`);
      });
      await reader.context.close();
    }
    await placeBooks(owner, card.id, { 1: 'Dracula' }).catch(() => undefined);

    const shoot = async (page, file) => {
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(DOCS, file), fullPage: false });
      console.log(`docs/${file}`);
    };

    // The shared card with its first row complete and a few more books (issue 9).
    await placeBooks(owner, grids.grids[0].id, {
      0: 'Hobbit',
      1: 'Dune',
      2: 'Emma',
      3: 'Frankenstein',
      6: 'Dracula',
      9: 'Pride and Prejudice',
    }).catch((error) => console.warn(`the shared card: ${error.message}`));
    const showCard = async (page, file) => {
      await page.goto('/bingo');
      await page.getByRole('grid', { name: 'Bingo card' }).waitFor();
      await page.locator('.bingo-square--marked').first().waitFor();
      await shoot(page, file);
    };
    await showCard(owner, 'screenshot.png');

    await owner.goto(`/clubs/${club.id}`);
    await owner.getByRole('list', { name: 'Club leaderboard' }).waitFor();
    await shoot(owner, 'screenshot-club.png');

    const ownerPhone = await browser.newContext({
      baseURL: BASE,
      viewport: phone,
      storageState: await ownerContext.storageState(),
    });
    const phonePage = await ownerPhone.newPage();
    await showCard(phonePage, 'screenshot-phone.png');
    await phonePage.goto(`/clubs/${club.id}`);
    await phonePage.getByRole('list', { name: 'Club leaderboard' }).waitFor();
    await shoot(phonePage, 'screenshot-club-phone.png');

    const guestToClub = await newReader(browser, 'Hazel', phone);
    await guestToClub.page.goto(invite.path);
    await guestToClub.page.getByRole('button', { name: 'Join club' }).waitFor();
    await shoot(guestToClub.page, 'screenshot-club-join-phone.png');

    await browser.close();
  } finally {
    process.kill(-server.pid, 'SIGTERM');
  }
}

await main();
