import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import { messages } from '../../src/lib/messages';
import { clearCard } from './card-helpers';
import { DEMO_READER, logIn } from './support';

/**
 * Issue 9: navigation people expect (a tab bar on a phone, a top navigation on a desktop, only
 * pages the visitor may open), toasts that never cover it, and focus on the page heading after
 * each route change. Measured from the browser's boxes at 360 x 800 and 1280 x 800.
 */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

const MIN_TARGET_PX = 44;
const READER_SECTIONS = ['Bingo', 'Blog', 'Clubs', 'Recommendations', 'Profile'];
/** Under 360 px the five labels at 14 px do not fit: Recommendations shows its short form. */
const NARROW_READER_SECTIONS = ['Bingo', 'Blog', 'Clubs', 'Discover', 'Profile'];

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function boxOf(page: Page, selector: string): Promise<Box | null> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const { left, top, right, bottom, width, height } = el.getBoundingClientRect();
    return { left, top, right, bottom, width, height };
  }, selector);
}

/** The toasts on screen once they have come to rest (their entrance animation over). */
async function restingToasts(page: Page): Promise<Box[]> {
  await expect(page.locator('.Toastify__toast').first()).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('.Toastify__toast')).every(
          (toast) => toast.getAnimations().length === 0,
        ),
      ),
    )
    .toBe(true);
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.Toastify__toast')).map((toast) => {
      const { left, top, right, bottom, width, height } = toast.getBoundingClientRect();
      return { left, top, right, bottom, width, height };
    }),
  );
}

/**
 * Toasts clear of the header (menu button and all) and of the tab bar; with a dialog open, clear
 * of the dialog too (on a phone it is a sheet along the bottom).
 */
async function expectToastsClearOfNavigation(page: Page, dialog?: Locator) {
  const toasts = await restingToasts(page);
  expect(toasts.length).toBeGreaterThan(0);
  expect(toasts.length).toBeLessThanOrEqual(2);
  const header = await boxOf(page, '.app-header');
  const sections = await boxOf(page, '.sections');
  if (!header || !sections) throw new Error('no header or sections');
  for (const toast of toasts) {
    expect(overlaps(toast, header), `toast ${JSON.stringify(toast)} over the header`).toBe(false);
    expect(overlaps(toast, sections), `toast ${JSON.stringify(toast)} over the sections`).toBe(
      false,
    );
  }
  if (dialog) {
    const sheet = await dialog.boundingBox();
    if (!sheet) throw new Error('no dialog');
    const sheetBox = {
      left: sheet.x,
      top: sheet.y,
      right: sheet.x + sheet.width,
      bottom: sheet.y + sheet.height,
      width: sheet.width,
      height: sheet.height,
    };
    for (const toast of toasts) {
      expect(overlaps(toast, sheetBox), `toast ${JSON.stringify(toast)} over the dialog`).toBe(
        false,
      );
    }
    return;
  }
  // What a thumb finds under the menu button is the menu button.
  const menuHit = await page.evaluate(() => {
    const button = document.querySelector('.menu__toggle');
    if (!button) return false;
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && button.contains(hit);
  });
  expect(menuHit).toBe(true);
}

function horizontalOverflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function placeWithReview(page: Page) {
  await clearCard(page);
  await page.goto('/bingo');
  // A friend's favourite: no rule checks it, so no warning comes between.
  const challenge = DEFAULT_CHALLENGES[9];
  await page
    .getByRole('grid', { name: 'Bingo card' })
    .getByRole('button', { name: new RegExp(`^${challenge}\\.`) })
    .click();
  const sheet = page.getByRole('dialog', { name: challenge });
  await sheet.getByRole('searchbox', { name: 'Search for a book' }).fill('Hobbit');
  await sheet.getByRole('searchbox', { name: 'Search for a book' }).press('Enter');
  await sheet
    .getByRole('button', { name: /^Choose / })
    .first()
    .click();
  await expect(page.locator('.Toastify').getByText(messages.bingo.earnedPoints(10))).toBeVisible();
}

for (const viewport of [
  { width: 320, height: 640 },
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
]) {
  const phone = viewport.width < 768;
  const readerSections = viewport.width < 360 ? NARROW_READER_SECTIONS : READER_SECTIONS;

  test.describe(`navigation at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`a reader has the five sections ${phone ? 'in a tab bar along the bottom' : 'in the header'}, the current one marked`, async ({
      page,
    }) => {
      await logIn(page, DEMO_READER.email, DEMO_READER.password);
      // Focus follows the reader to the new page's heading (not <body>).
      await expect(page.getByRole('heading', { level: 1, name: 'Bingo' })).toBeFocused();

      const sections = page.getByRole('navigation', { name: 'Sections' });
      await expect(sections).toBeVisible();
      await expect(sections.getByRole('link')).toHaveText(readerSections);
      await expect(sections.getByRole('link', { name: 'Bingo' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const bar = await boxOf(page, '.sections');
      const header = await boxOf(page, '.app-header');
      if (!bar || !header) throw new Error('no sections or header');
      if (phone) {
        expect(Math.round(bar.bottom)).toBe(viewport.height);
        expect(bar.width).toBe(viewport.width);
        expect(overlaps(bar, header)).toBe(false);
      } else {
        expect(bar.top).toBeGreaterThanOrEqual(header.top);
        expect(bar.bottom).toBeLessThanOrEqual(header.bottom);
      }
      for (const name of readerSections) {
        const link = sections.getByRole('link', { name, exact: true });
        const box = await link.boundingBox();
        expect(box?.width, name).toBeGreaterThanOrEqual(MIN_TARGET_PX);
        expect(box?.height, name).toBeGreaterThanOrEqual(MIN_TARGET_PX);
        // Whole on screen, and legible: no label shrinks under 14 px to fit.
        if (box) expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
        const fontPx = await link.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        expect(fontPx, name).toBeGreaterThanOrEqual(14);
      }
      // The spec's menu is still there.
      await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();

      await sections.getByRole('link', { name: 'Profile' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeFocused();
      await expect(sections.getByRole('link', { name: 'Profile' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(sections.getByRole('link', { name: 'Bingo' })).not.toHaveAttribute(
        'aria-current',
      );
    });

    test('toasts never cover the header or the tab bar, two at most', async ({ page }) => {
      test.skip(viewport.width < 360, "the phone's toasts are measured at 360 px");
      await logIn(page, DEMO_READER.email, DEMO_READER.password);
      await placeWithReview(page);
      const review = page.getByRole('dialog', { name: 'Write a review' });
      await expect(review).toBeVisible();
      await expectToastsClearOfNavigation(page, review);

      await review.getByRole('textbox', { name: 'Your review' }).fill('Second breakfast.');
      await review.getByRole('radio', { name: '5 stars' }).check({ force: true });
      await review.getByRole('button', { name: 'Submit Review' }).click();
      await expect(page.locator('.Toastify').getByText(messages.review.posted)).toBeVisible();
      await expect(review).toBeHidden();
      await expectToastsClearOfNavigation(page);
    });

    test(`no page scrolls sideways${phone ? ', and the end of a page is not under the tab bar' : ''}`, async ({
      page,
    }) => {
      await logIn(page, DEMO_READER.email, DEMO_READER.password);
      for (const [path, heading] of [
        ['/bingo', 'Bingo'],
        ['/rules', /How to play/],
        ['/blog', 'Blog'],
        ['/clubs', 'Clubs'],
        ['/recommendations', 'Book Recommendations'],
        ['/profile', 'Profile'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
      }

      if (!phone) return;
      await page.goto('/rules');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footer = page.getByText('Read a little, roll up happy.');
      await expect(footer).toBeInViewport();
      const text = await footer.boundingBox();
      const bar = await boxOf(page, '.sections');
      if (!text || !bar) throw new Error('no footer or sections');
      expect(text.y + text.height).toBeLessThanOrEqual(bar.top);
    });
  });
}

test.describe('what each visitor is offered', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('a signed-out visitor: no link to a page they cannot open, no empty menu', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
    for (const name of ['Bingo', 'Rules', 'Profile', 'Recommendations', 'Book Recommendations']) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('a guest: Bingo and Rules', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await expect(page).toHaveURL(/\/bingo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bingo' })).toBeFocused();
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections.getByRole('link')).toHaveText(['Bingo', 'Rules']);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link')).toHaveText(['Bingo', 'Rules']);
    await expect(menu.getByRole('combobox', { name: 'Blog' })).toHaveCount(0);
  });
});
