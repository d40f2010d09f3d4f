import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import { messages } from '../../src/lib/messages';
import { clearCard, placeBooks } from './card-helpers';
import { DEMO_ADMIN, DEMO_READER, logIn, toast } from './support';

/**
 * axe (WCAG 2.x A and AA rules) on every page and every open modal, at phone and desktop
 * widths: 0 violations. A violation is reported with its rule, its nodes and why.
 */
async function expectNoViolations(page: Page, where: string) {
  // A toast fading in is paler than it will be: axe measured one half-way (#848484 for its
  // #757575 text). Frames pass until five in a row run no finite animation of opacity (a toast
  // can start a frame after the dialog it came with), for 3 s at most.
  await page.evaluate(async () => {
    const fading = () =>
      document.getAnimations().some((animation) => {
        const effect = animation.effect as KeyframeEffect | null;
        return (
          animation.playState === 'running' &&
          effect !== null &&
          effect.getComputedTiming().endTime !== Infinity &&
          effect.getKeyframes().some((frame) => 'opacity' in frame)
        );
      });
    const deadline = performance.now() + 3000;
    for (let quietFrames = 0; quietFrames < 5 && performance.now() < deadline;) {
      quietFrames = fading() ? 0 : quietFrames + 1;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const found = results.violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact ?? ''}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  if (found.length)
    console.log(
      JSON.stringify(
        results.violations.map((v) => v.nodes.map((n) => [n.html, n.failureSummary])),
        null,
        1,
      ),
    );
  expect(found).toEqual([]);
}

/** A fresh reader (registered through the API), logged in through the real form. */
async function signUpAndLogIn(page: Page, baseURL: string, handle: string) {
  const email = `${handle}@example.com`;
  const password = 'Prickly-Reader-7';
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password, name: handle },
    headers: { origin: baseURL },
  });
  expect(signUp.ok()).toBe(true);
  await logIn(page, email, password);
  return email;
}

function square(page: Page, challenge: string) {
  return page
    .getByRole('grid', { name: 'Bingo card' })
    .getByRole('button', { name: new RegExp(`^${challenge}\\.`) });
}

for (const viewport of [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
]) {
  test.describe(`axe at ${viewport.width} px`, () => {
    // Each test visits many pages and runs axe on each: more than the default minute on a busy
    // machine (seen at 1.1 min while another suite ran beside it).
    test.describe.configure({ timeout: 150_000 });
    test.use({ viewport });

    test('signed-out pages', async ({ page }) => {
      for (const [path, heading] of [
        ['/login', 'Log in'],
        ['/register', /Register|Sign up|Create/],
        ['/forgot-password', /Forgot|Reset/],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoViolations(page, path);
      }
    });

    test("a reader's pages and the bingo modals", async ({ page }) => {
      await logIn(page, DEMO_READER.email, DEMO_READER.password);
      await clearCard(page);
      await placeBooks(page, { 0: 'Dune' });
      await page.goto('/bingo');
      await expect(square(page, DEFAULT_CHALLENGES[0])).toBeVisible();
      await expectNoViolations(page, '/bingo');

      // The square's sheet with results, the wildcard question over it, then the review.
      // A friend's favourite: no rule of issue 11 checks it, so no warning comes between.
      await square(page, DEFAULT_CHALLENGES[9]).click();
      const sheet = page.getByRole('dialog', { name: DEFAULT_CHALLENGES[9] });
      await sheet.getByRole('searchbox', { name: 'Search for a book' }).fill('Dune');
      await sheet.getByRole('searchbox', { name: 'Search for a book' }).press('Enter');
      await expect(sheet.getByRole('button', { name: /^Choose / }).first()).toBeEnabled();
      await expectNoViolations(page, 'search modal');
      await sheet
        .getByRole('button', { name: /^Choose Dune/ })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoViolations(page, 'wildcard question');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
      await sheet.getByRole('searchbox', { name: 'Search for a book' }).fill('Hobbit');
      await sheet.getByRole('searchbox', { name: 'Search for a book' }).press('Enter');
      await sheet
        .getByRole('button', { name: /^Choose The Hobbit/ })
        .first()
        .click();
      const review = page.getByRole('dialog', { name: 'Write a review' });
      await expect(review).toBeVisible();
      // Its toast comes with it, and is measured too.
      await expect(toast(page, messages.bingo.earnedPoints(10))).toBeVisible();
      await expectNoViolations(page, 'review modal');
      await review.getByRole('textbox', { name: 'Your review' }).fill('Second breakfast.');
      await review.getByRole('button', { name: 'Skip' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoViolations(page, 'discard question');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('button', { name: 'View Leaderboard' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Leaderboard' }).getByRole('listitem').first(),
      ).toBeVisible();
      await expectNoViolations(page, 'leaderboard modal');
      await page
        .getByRole('dialog', { name: 'Leaderboard' })
        .getByRole('button', { name: 'Close' })
        .click();

      await page.getByRole('button', { name: 'Reset Grid' }).click();
      await expect(page.getByRole('dialog', { name: 'Reset your grid?' })).toBeVisible();
      await expectNoViolations(page, 'reset modal');
      await page
        .getByRole('dialog', { name: 'Reset your grid?' })
        .getByRole('button', { name: 'Cancel' })
        .click();

      // A past grid's square opens read-only.
      const selector = page.getByRole('combobox', { name: 'Choose a grid' });
      const options = await selector.locator('option').count();
      if (options > 1) {
        await selector.selectOption({ index: options - 1 });
        await square(page, DEFAULT_CHALLENGES[2]).click();
        await expect(page.getByRole('dialog', { name: DEFAULT_CHALLENGES[2] })).toBeVisible();
        await expectNoViolations(page, 'past square sheet');
        await page.keyboard.press('Escape');
      }

      for (const [path, heading] of [
        ['/rules', /How to play|Rules/],
        ['/profile', null],
        ['/recommendations', null],
        ['/blog', null],
      ] as const) {
        await page.goto(path);
        if (heading)
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, path);
      }

      const isbn = await page.evaluate(async () => {
        const r = await fetch('/api/books/search?q=Dune');
        const body = (await r.json()) as { books: { isbn: string | null }[] };
        return body.books.find((b) => b.isbn)?.isbn ?? '';
      });
      await page.goto(`/book/${isbn}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page, '/book');

      // The profile's modals.
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, 'edit profile modal');
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: /Friends/ }).click();
      await page.getByRole('button', { name: 'Add Friend' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, 'add friend modal');
      await page.keyboard.press('Escape');
      await clearCard(page);
    });

    test('the club pages (issue 12): list, a club and its tabs, the editor, the join page', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const stamp = `${viewport.width}${Date.now()}`.slice(-9);
      await signUpAndLogIn(page, baseURL!, `axeowner${stamp}`);
      const origin = { origin: baseURL! };
      const made = await page.request.post('/api/clubs', {
        headers: origin,
        data: { name: `Axe Club ${stamp}`, description: 'Checked by axe.' },
      });
      expect(made.ok(), await made.text()).toBe(true);
      const { club } = (await made.json()) as { club: { id: string; name: string } };
      const card = await page.request.post(`/api/clubs/${club.id}/cards`, {
        headers: origin,
        data: {
          title: `Axe Card ${stamp}`,
          challenges: [...DEFAULT_CHALLENGES],
          resetDate: `${new Date().getUTCFullYear() + 1}-12-31`,
        },
      });
      expect(card.ok(), await card.text()).toBe(true);

      await page.goto('/clubs');
      await expect(page.getByRole('link', { name: new RegExp(club.name) })).toBeVisible();
      await expectNoViolations(page, '/clubs');

      await page.goto(`/clubs/${club.id}`);
      await expect(page.getByRole('heading', { level: 1, name: club.name })).toBeVisible();
      for (const tab of ['Leaderboard', 'Members', 'Cards', 'Invitations', 'Requests']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('tabpanel', { name: tab }).locator('.spinner')).toHaveCount(0);
        await expectNoViolations(page, `/clubs/:id ${tab}`);
      }
      await page.getByRole('tab', { name: 'Invitations' }).click();
      await page.getByRole('button', { name: 'Create invitation link' }).click();
      const linkField = page.getByRole('textbox', { name: 'Invitation link' });
      await expect(linkField).toHaveValue(/\/clubs\/join\//);
      await expectNoViolations(page, 'a new invitation link');
      const invitation = await linkField.inputValue();
      await page.getByRole('tab', { name: 'Cards' }).click();
      await page.getByRole('button', { name: 'Create a club card' }).click();
      await expect(page.getByRole('region', { name: 'Create a club card' })).toBeVisible();
      await expectNoViolations(page, 'the club card editor');
      await page.getByRole('button', { name: 'Delete club' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete this club?' })).toBeVisible();
      await expectNoViolations(page, 'delete club question');
      await page.keyboard.press('Escape');

      // Another reader: the invitation's preview and the non-member's view.
      const visitor = await browser.newContext({ baseURL, viewport });
      try {
        const other = await visitor.newPage();
        await signUpAndLogIn(other, baseURL!, `axevisit${stamp}`);
        await other.goto(invitation);
        await expect(other.getByRole('button', { name: 'Join club' })).toBeVisible();
        await expectNoViolations(other, '/clubs/join/:token');
        await other.goto(`/clubs/${club.id}`);
        await expect(other.getByRole('button', { name: 'Ask to join' })).toBeVisible();
        await expectNoViolations(other, '/clubs/:id (not a member)');
      } finally {
        await visitor.close();
      }
    });

    test('a guest on the card, and the admin page', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continue as Guest' }).click();
      await expect(page).toHaveURL(/\/bingo$/);
      await expect(page.getByRole('grid', { name: 'Bingo card' })).toBeVisible();
      await expectNoViolations(page, 'guest /bingo');

      await page.context().clearCookies();
      await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page, '/admin');
    });
  });
}
