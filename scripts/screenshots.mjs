// The README's screenshots: `node scripts/screenshots.mjs` (SCREENSHOT_DIR=... writes elsewhere).
// Starts the app on the demo community (a fresh SQLite database, seeded as `npm start` seeds an
// empty one, via scripts/e2e-server.mjs with E2E_SEED_DEMO=true), and Chromium photographs the
// demo reader's pages: the card at 1280 px and at 360 px (issue 9), the club they own at 1280 px
// and at 360 px, and, for a new reader, the club's invitation link at 360 px (issue 12); the club
// card's season dashboard at 1280 and 360 px and the card as it prints (issue 24); and the
// admin page's Moderation tab (with open reports) and Readers tab at 1280 and 360 px (issue 23);
// the season's statistics and a Year in Review at 1280 and 360 px, and a square's sheet with
// "what others read" at 1280 and 360 px (issue 25); the card offline on a phone, with its notice and a placement
// waiting to be sent (issue 26).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ensureChromium, ensureClientBuild, root } from './lib.mjs';

const PORT = process.env.SCREENSHOT_PORT ?? '4399';
const BASE = `http://localhost:${PORT}`;
const DOCS = process.env.SCREENSHOT_DIR ?? path.join(root, 'docs');
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

async function main() {
  // STATIC_DIR: a build of your own (vite build --outDir); else dist/client, built when stale.
  if (!process.env.STATIC_DIR && (await ensureClientBuild()) !== 0) process.exit(1);
  const executablePath = ensureChromium();
  if (!executablePath) process.exit(1);
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'e2e-server.mjs')], {
    cwd: root,
    env: { ...process.env, E2E_PORT: PORT, E2E_SEED_DEMO: 'true' },
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

    // The demo reader, with the community around them: friends, a card with a line, a club.
    const ownerContext = await browser.newContext({ baseURL: BASE, viewport: desktop });
    const owner = await ownerContext.newPage();
    await logIn(owner, DEMO_READER.email, DEMO_READER.password);
    const { clubs } = await json(await owner.request.get('/api/clubs'));
    const club = clubs[0];
    const invite = await json(
      await owner.request.post(`/api/clubs/${club.id}/invites`, {
        headers: ORIGIN,
        data: { expiresInDays: 30 },
      }),
    );

    const shoot = async (page, file) => {
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(DOCS, file), fullPage: false });
      console.log(`docs/${file}`);
    };

    const showCard = async (page, file, { scrollToCard = false } = {}) => {
      await page.goto('/bingo');
      await page.getByRole('grid', { name: 'Bingo card' }).waitFor();
      await page.locator('.bingo-square--marked').first().waitFor();
      // On a phone the "books that fit" panel fills the first screen: show the squares instead.
      if (scrollToCard) {
        // Its top just below the sticky header (62 px), with a little room.
        await page
          .getByRole('grid', { name: 'Bingo card' })
          .evaluate((grid) => window.scrollTo(0, grid.getBoundingClientRect().top + scrollY - 72));
      }
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
    await showCard(phonePage, 'screenshot-phone.png', { scrollToCard: true });
    await phonePage.goto(`/clubs/${club.id}`);
    await phonePage.getByRole('list', { name: 'Club leaderboard' }).waitFor();
    await shoot(phonePage, 'screenshot-club-phone.png');

    const guestToClub = await newReader(browser, 'Hazel', phone);
    await guestToClub.page.goto(invite.path);
    await guestToClub.page.getByRole('button', { name: 'Join club' }).waitFor();
    await shoot(guestToClub.page, 'screenshot-club-join-phone.png');

    // ---------- Issue 24: the season dashboard and the printed card ----------
    // The club card's dashboard as its owner sees it, whole, at 1280 px and at 360 px; then the
    // card as it prints (print media, at an A4 page's width in CSS pixels), the demo reader's
    // own and a blank one.
    const { cards } = await json(await owner.request.get(`/api/clubs/${club.id}/cards`));
    const seasonCard = cards.find((card) => card.isCurrent) ?? cards[0];
    // The whole page in one picture: the window as tall as the page, so the phone's tab bar
    // (fixed to the window's foot) is drawn at the page's foot, not across a chart.
    const shootWhole = async (page, file) => {
      await page.waitForLoadState('networkidle');
      const viewport = page.viewportSize();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({
        width: viewport.width,
        height: Math.max(height, viewport.height),
      });
      // From the top: a page scrolled at all (its heading focused under the sticky header)
      // would show the header drawn across the middle of the picture.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(DOCS, file), fullPage: true });
      await page.setViewportSize(viewport);
      console.log(`docs/${file}`);
    };
    const showDashboard = async (page, file) => {
      await page.goto(`/dashboard/${encodeURIComponent(seasonCard.id)}`);
      await page.getByRole('heading', { level: 1, name: /^Dashboard: / }).waitFor();
      // uPlot draws each chart into its box once its chunk is in: three charts, three canvases.
      await page.locator('.dashboard-chart__canvas canvas').nth(2).waitFor();
      await shootWhole(page, file);
    };
    await showDashboard(owner, 'screenshot-dashboard.png');
    await showDashboard(phonePage, 'screenshot-dashboard-phone.png');

    const a4 = { width: 794, height: 1123 };
    const paper = await browser.newContext({
      baseURL: BASE,
      viewport: a4,
      deviceScaleFactor: 1,
      storageState: await ownerContext.storageState(),
    });
    const printPage = await paper.newPage();
    await printPage.emulateMedia({ media: 'print' });
    const showPrint = async (query, file) => {
      await printPage.goto(`/print/${encodeURIComponent(seasonCard.id)}${query}`);
      await printPage.getByRole('list', { name: 'Squares of the card' }).waitFor();
      // A screenshot draws no @page margins: the sheet's 12 mm are added around it here.
      await printPage.addStyleTag({ content: 'body { padding: 12mm; }' });
      await shootWhole(printPage, file);
    };
    await showPrint('?filled=1', 'screenshot-print.png');
    await showPrint('', 'screenshot-print-blank.png');
    // ---------- end of issue 24's block ----------
    // ---- Issue 23: the admin page's Moderation and Readers tabs, at 1280 and 360 px. ----
    // Open reports first (the demo has none): the demo reader reports two posts of others, and
    // a second reader reports one of them too, so the queue groups reports by target.
    const { posts } = await json(await owner.request.get('/api/posts?filter=all'));
    const others = posts.filter((post) => !post.isOwn).slice(0, 2);
    const reasons = ['spoilers', 'inappropriate'];
    for (const [index, post] of others.entries()) {
      await json(
        await owner.request.post('/api/reports', {
          headers: ORIGIN,
          data: {
            targetType: 'post',
            targetId: post.id,
            reason: reasons[index],
            note: index === 0 ? 'Gives away the ending in the first line.' : undefined,
          },
        }),
      );
    }
    if (others[0]) {
      await json(
        await guestToClub.page.request.post('/api/reports', {
          headers: ORIGIN,
          data: { targetType: 'post', targetId: others[0].id, reason: 'spoilers' },
        }),
      );
    }
    const adminContext = await browser.newContext({ baseURL: BASE, viewport: desktop });
    const admin = await adminContext.newPage();
    await logIn(admin, 'admin@hedgehog-bingo.local', 'Hedgehog-Admin-1');
    const adminPhoneContext = await browser.newContext({
      baseURL: BASE,
      viewport: phone,
      storageState: await adminContext.storageState(),
    });
    const adminPhone = await adminPhoneContext.newPage();
    const showAdminTab = async (page, tab, ready, file) => {
      await page.goto('/admin');
      await page.getByRole('tab', { name: tab }).click();
      await ready(page).first().waitFor();
      await shoot(page, file);
    };
    const queueReady = (page) => page.locator('.admin-card');
    const readersReady = (page) => page.locator('.admin-card');
    for (const [page, suffix] of [
      [admin, ''],
      [adminPhone, '-phone'],
    ]) {
      await showAdminTab(
        page,
        'Moderation',
        queueReady,
        `screenshot-admin-moderation${suffix}.png`,
      );
      await showAdminTab(page, 'Readers', readersReady, `screenshot-admin-readers${suffix}.png`);
    }
    // ---- end of issue 23's block ----
    // ---- Issue 25: what others read for a square, the season's statistics, a Year in Review.
    const { grids } = await json(await owner.request.get('/api/grids'));
    const shared = grids.find((grid) => grid.isCurrent && !grid.club) ?? grids[0];
    const showSeason = async (page, file) => {
      await page.goto(`/season/${encodeURIComponent(shared.id)}`);
      await page.getByRole('heading', { level: 1, name: /^Season statistics: / }).waitFor();
      await page.locator('canvas').first().waitFor();
      await shootWhole(page, file);
    };
    await showSeason(owner, 'screenshot-season.png');
    await showSeason(phonePage, 'screenshot-season-phone.png');
    const year = new Date().getUTCFullYear();
    const showYear = async (page, file) => {
      await page.goto(`/profile/stats/${year}`);
      await page.getByRole('heading', { name: `Your ${year} in books` }).waitFor();
      await page.locator('canvas').first().waitFor();
      await shootWhole(page, file);
    };
    await showYear(owner, 'screenshot-year-in-review.png');
    await showYear(phonePage, 'screenshot-year-in-review-phone.png');
    // The demo reader's empty square where most books were used by 3 or more readers (the
    // demo community's favourites), its sheet at 1280 and 360 px.
    const card = await json(await owner.request.get(`/api/bingo/grids/${shared.id}`));
    let popularSquare = null;
    let most = 0;
    for (const cell of card.cells.filter((each) => !each.placement)) {
      const { books } = await json(await owner.request.get(`/api/bingo/cells/${cell.id}/popular`));
      if (books.length > most) {
        popularSquare = cell;
        most = books.length;
      }
    }
    const showSquare = async (page, file) => {
      await page.goto('/bingo');
      await page
        .getByRole('grid', { name: 'Bingo card' })
        .getByRole('button', { name: new RegExp(`^${popularSquare.challenge}\\.`) })
        .click();
      const others = page
        .getByRole('dialog', { name: popularSquare.challenge })
        .getByRole('region', { name: 'What others read for this square' });
      await others.getByRole('listitem').first().waitFor();
      // Its heading at the top of the sheet's scrolling part, below the search.
      await others.evaluate((region) => region.scrollIntoView({ block: 'end' }));
      await shoot(page, file);
      await page.keyboard.press('Escape');
    };
    if (popularSquare) {
      await showSquare(owner, 'screenshot-square-popular.png');
      await showSquare(phonePage, 'screenshot-square-popular-phone.png');
    } else {
      console.log('(no empty square of the demo reader has a book 3 readers used: no sheet shot)');
    }
    // ---- end of issue 25's block ----
    // ---- Issue 26: the card offline on a phone, its notice and a placement waiting to be sent.
    // The demo reader's profile and card once online (the worker and the offline copy keep
    // them), then the network goes: a reload shows the card as last seen, and a book from the
    // want-to-read list goes on an empty square, where it waits.
    const { books: found } = await json(await owner.request.get('/api/books/search?q=Persuasion'));
    const wanted = found.find((book) => book.isbn);
    const added = await owner.request.post('/api/want-to-read', {
      headers: ORIGIN,
      data: { isbn: wanted.isbn },
    });
    // 409: already on the list from an earlier run of this script on the same data.
    if (!added.ok() && added.status() !== 409) throw new Error(await added.text());
    await phonePage.goto('/profile');
    await phonePage.getByRole('tab', { name: /^Want to Read/ }).click();
    await phonePage.getByRole('tabpanel').getByRole('link').first().waitFor();
    await phonePage.goto('/bingo');
    await phonePage.getByRole('grid', { name: 'Bingo card' }).waitFor();
    await phonePage.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
    });
    // Chromium 150 reports navigator.onLine true again in a page the worker loads after
    // setOffline (a phone offline reports false): the pages loaded from here on say offline too.
    await ownerPhone.addInitScript(() =>
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false }),
    );
    await ownerPhone.setOffline(true);
    await phonePage.reload();
    await phonePage.getByText(/^You're offline: showing your card as of /).waitFor();
    const emptySquare = phonePage.locator('.bingo-square:not(.bingo-square--marked)').first();
    const challenge = (await emptySquare.getAttribute('aria-label'))?.split('.')[0] ?? '';
    await emptySquare.click();
    const sheet = phonePage.getByRole('dialog', { name: challenge });
    await sheet
      .getByRole('button', { name: /^Place / })
      .first()
      .click();
    await phonePage
      .getByRole('dialog', { name: 'Write a review' })
      .getByRole('button', { name: 'Skip' })
      .click();
    await phonePage
      .getByText(/^Waiting to send \(1 in line\)$/)
      .first()
      .waitFor();
    await phonePage.evaluate(() => window.scrollTo(0, 0));
    await phonePage.screenshot({ path: path.join(DOCS, 'screenshot-offline-phone.png') });
    console.log('docs/screenshot-offline-phone.png');
    // The waiting square itself, in the middle of the window.
    await phonePage
      .getByText(/^Waiting to send \(1 in line\)$/)
      .first()
      .evaluate((label) => {
        const top = label.getBoundingClientRect().top + scrollY;
        window.scrollTo(0, Math.max(0, top - innerHeight / 2));
      });
    await phonePage.screenshot({ path: path.join(DOCS, 'screenshot-offline-waiting-phone.png') });
    console.log('docs/screenshot-offline-waiting-phone.png');
    await ownerPhone.setOffline(false);
    // ---- end of issue 26's block ----

    await browser.close();
  } finally {
    process.kill(-server.pid, 'SIGTERM');
  }
}

await main();
