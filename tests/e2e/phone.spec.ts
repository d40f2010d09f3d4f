import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEFAULT_CHALLENGE_LABELS, DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import { messages } from '../../src/lib/messages';
import { clearCard, placeBooks } from './card-helpers';
import { DEMO_READER, logIn } from './support';

/**
 * Issue 9: a card one can read on a phone. Sizes come from the browser's computed styles and
 * boxes, at 360 x 800 and at 1280 x 800.
 */
const MIN_FONT_PX = 14;
const MIN_TARGET_PX = 44;
const LONG_TITLE = 'The Restaurant at the End of the Universe';

interface CardMeasure {
  minFont: number;
  smallText: string[];
  smallestTarget: { width: number; height: number; name: string };
  smallTargets: string[];
  pageWidth: number;
  viewportWidth: number;
}

/** Every visible text and control of the bingo page (selector, card, actions), measured. */
function measureCard(page: Page): Promise<CardMeasure> {
  return page.evaluate(
    ({ minTarget }) => {
      const root = document.querySelector('.bingo');
      if (!root) throw new Error('no bingo page');
      const shown = (el: Element) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        // Screen-reader-only text is a 1 px box: it is heard, not read.
        return (
          style.visibility !== 'hidden' &&
          Number(style.opacity) > 0 &&
          box.width > 1 &&
          box.height > 1 &&
          el.closest('[aria-hidden="true"] .visually-hidden, .visually-hidden') === null
        );
      };
      let minFont = Infinity;
      const smallText: string[] = [];
      for (const el of root.querySelectorAll('*')) {
        const ownText = Array.from(el.childNodes)
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent?.trim() ?? '')
          .join('');
        if (!ownText || !shown(el)) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        minFont = Math.min(minFont, size);
        if (size < 14) smallText.push(`${size}px "${ownText.slice(0, 40)}"`);
      }
      let smallestTarget = { width: Infinity, height: Infinity, name: '' };
      const smallTargets: string[] = [];
      const controls = root.querySelectorAll<HTMLElement>(
        'button, a[href], select, input, textarea, [role="button"], [role="tab"]',
      );
      for (const el of controls) {
        // The grid selector's select is invisible on purpose: it covers the box one taps.
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        if (box.width * box.height < smallestTarget.width * smallestTarget.height) {
          smallestTarget = { width: box.width, height: box.height, name };
        }
        if (box.width < minTarget || box.height < minTarget) {
          smallTargets.push(`${Math.round(box.width)}x${Math.round(box.height)} ${name}`);
        }
      }
      return {
        minFont,
        smallText,
        smallestTarget,
        smallTargets,
        pageWidth: document.documentElement.scrollWidth,
        viewportWidth: document.documentElement.clientWidth,
      };
    },
    { minTarget: MIN_TARGET_PX },
  );
}

/** The grid selector's shown text: all of it, inside its box and clear of the arrow. */
function measureSelector(page: Page) {
  return page.evaluate(() => {
    const value = document.querySelector<HTMLElement>('.grid-selector__value');
    const arrow = document.querySelector('.grid-selector__arrow');
    const control = document.querySelector('.grid-selector__control');
    const select = document.querySelector<HTMLSelectElement>('.grid-selector__select');
    if (!value || !arrow || !control || !select) throw new Error('no grid selector');
    const v = value.getBoundingClientRect();
    const a = arrow.getBoundingClientRect();
    const c = control.getBoundingClientRect();
    return {
      shown: value.textContent ?? '',
      selected: select.selectedOptions[0]?.textContent ?? '',
      clipped: value.scrollWidth > value.clientWidth || value.scrollHeight > value.clientHeight,
      clearOfArrow: v.right <= a.left,
      inside: v.left >= c.left && v.right <= c.right && v.top >= c.top && v.bottom <= c.bottom,
    };
  });
}

/** A title: at most two lines, words never broken, nothing hidden. */
function measureTitle(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.3;
      return {
        text: el.textContent,
        lines: Math.round(el.getBoundingClientRect().height / lineHeight),
        hiddenOverflow: el.scrollHeight > el.clientHeight + 1,
        breaksWords:
          style.wordBreak === 'break-all' ||
          style.overflowWrap === 'anywhere' ||
          style.overflowWrap === 'break-word' ||
          style.hyphens === 'auto',
        fontSize: parseFloat(style.fontSize),
      };
    });
}

/**
 * Issue 22: what each square shows of its challenge on a phone. Its short label: shown, at its
 * computed size, whole (no line hidden, no word cut), inside the square; and a placed book's
 * cover, shown below the label, not over it.
 */
function measureLabels(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.bingo-square')).map((square) => {
      const label = square.querySelector<HTMLElement>('.bingo-square__label');
      const cover = square.querySelector<HTMLElement>('.book-cover');
      const s = square.getBoundingClientRect();
      const l = label?.getBoundingClientRect();
      const c = cover?.getBoundingClientRect();
      const style = label ? getComputedStyle(label) : null;
      // A word (split at spaces and hyphens) whose letters sit on two lines was cut in two.
      const brokenWords: string[] = [];
      const textNode = label?.firstChild;
      if (textNode && textNode.nodeType === Node.TEXT_NODE) {
        const whole = textNode.textContent ?? '';
        for (const match of whole.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(textNode, match.index);
          range.setEnd(textNode, match.index + match[0].length);
          const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (tops.size > 1) brokenWords.push(match[0]);
        }
      }
      return {
        name: square.getAttribute('aria-label') ?? '',
        text: label?.textContent ?? null,
        shown: Boolean(l && style && style.display !== 'none' && l.width > 1 && l.height > 1),
        fontSize: style ? parseFloat(style.fontSize) : 0,
        lines: l && style ? Math.round(l.height / parseFloat(style.lineHeight)) : 0,
        brokenWords,
        whole: label
          ? label.scrollHeight <= label.clientHeight + 1 && label.scrollWidth <= label.clientWidth
          : false,
        inside: Boolean(
          l && l.left >= s.left && l.right <= s.right && l.top >= s.top && l.bottom <= s.bottom,
        ),
        cover: c
          ? {
              width: c.width,
              height: c.height,
              belowLabel: l ? c.top >= l.bottom - 1 : false,
              inside: c.left >= s.left && c.right <= s.right && c.bottom <= s.bottom,
            }
          : null,
      };
    }),
  );
}

/** Every square at this width: its label read at a glance, and the placed books' covers. */
async function expectLabelledSquares(page: Page, minFont: number) {
  const squares = await measureLabels(page);
  expect(squares).toHaveLength(DEFAULT_CHALLENGES.length);
  squares.forEach((square, position) => {
    const where = `square ${position + 1} (${square.text})`;
    // The accessible name still says the whole challenge.
    expect(square.name.startsWith(`${DEFAULT_CHALLENGES[position]}.`), where).toBe(true);
    expect(square.text, where).toBe(DEFAULT_CHALLENGE_LABELS[position]);
    expect(square.shown, where).toBe(true);
    expect(square.fontSize, where).toBeGreaterThanOrEqual(minFont);
    expect(square.lines, where).toBeLessThanOrEqual(3);
    expect(square.whole, where).toBe(true);
    expect(square.brokenWords, where).toEqual([]);
    expect(square.inside, where).toBe(true);
  });
  for (const position of [0, 1, 5, 10]) {
    const { cover } = squares[position]!;
    const where = `cover on square ${position + 1}`;
    expect(cover, where).not.toBeNull();
    expect(cover!.width, where).toBeGreaterThanOrEqual(24);
    expect(cover!.height, where).toBeGreaterThanOrEqual(36);
    expect(cover!.belowLabel, where).toBe(true);
    expect(cover!.inside, where).toBe(true);
  }
}

async function openCardWithBooks(page: Page) {
  await logIn(page, DEMO_READER.email, DEMO_READER.password);
  await clearCard(page);
  await placeBooks(page, { 0: 'Dune', 1: LONG_TITLE, 5: 'Hobbit', 10: 'Beloved' });
  await page.goto('/bingo');
  await expect(page.getByRole('grid', { name: 'Bingo card' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Cover of ${LONG_TITLE}` })).toBeVisible();
}

test.describe('the bingo card on a 360 x 800 phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('has no text under 14 px, no control under 44 x 44 px, and nothing scrolls sideways', async ({
    page,
  }) => {
    await openCardWithBooks(page);
    const measured = await measureCard(page);
    test.info().annotations.push({
      type: 'measured at 360 px',
      description: `min font ${measured.minFont}px; smallest target ${Math.round(measured.smallestTarget.width)}x${Math.round(measured.smallestTarget.height)} (${measured.smallestTarget.name})`,
    });
    expect(measured.smallText).toEqual([]);
    expect(measured.minFont).toBeGreaterThanOrEqual(MIN_FONT_PX);
    expect(measured.smallTargets).toEqual([]);
    expect(measured.pageWidth).toBeLessThanOrEqual(measured.viewportWidth);
  });

  test("shows every square's short label at 14 px, whole, and the placed books' covers below it", async ({
    page,
  }, testInfo) => {
    await openCardWithBooks(page);
    await expectLabelledSquares(page, MIN_FONT_PX);
    await page
      .getByRole('grid', { name: 'Bingo card' })
      .screenshot({ path: testInfo.outputPath('card-360.png') });
  });

  test('shows the grid selector whole, clear of its arrow', async ({ page }) => {
    await openCardWithBooks(page);
    const selector = await measureSelector(page);
    expect(selector.shown).toBe(selector.selected);
    expect(selector.shown).toContain('May Reading Challenge');
    expect(selector.clipped).toBe(false);
    expect(selector.clearOfArrow).toBe(true);
    expect(selector.inside).toBe(true);
  });

  test("opens a square's sheet with its challenge and the whole title on up to two lines", async ({
    page,
  }) => {
    await openCardWithBooks(page);
    const challenge = DEFAULT_CHALLENGES[1];
    await page
      .getByRole('grid', { name: 'Bingo card' })
      .getByRole('button', { name: new RegExp(`^${challenge}\\.`) })
      .click();
    const sheet = page.getByRole('dialog', { name: challenge });
    await expect(sheet.getByText(LONG_TITLE, { exact: true })).toBeVisible();
    const title = await measureTitle(page, '.square-book__title');
    expect(title.text).toBe(LONG_TITLE);
    expect(title.lines).toBeLessThanOrEqual(2);
    expect(title.hiddenOverflow).toBe(false);
    expect(title.breaksWords).toBe(false);
    expect(title.fontSize).toBeGreaterThanOrEqual(MIN_FONT_PX);

    // The sheet's controls are tap targets too, and its Close sits at the top.
    const close = sheet.getByRole('button', { name: 'Close' });
    const closeBox = await close.boundingBox();
    const sheetBox = await sheet.boundingBox();
    expect(closeBox && sheetBox && closeBox.y - sheetBox.y).toBeLessThan(80);
    expect(closeBox?.width).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    expect(closeBox?.height).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(360);
  });
});

test.describe('the bingo card on a 320 x 640 phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("still shows every square's short label, at 13 px at least, whole", async ({
    page,
  }, testInfo) => {
    await openCardWithBooks(page);
    await expectLabelledSquares(page, 13);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(320);
    await page
      .getByRole('grid', { name: 'Bingo card' })
      .screenshot({ path: testInfo.outputPath('card-320.png') });
  });
});

test.describe('the bingo card on a 1280 x 800 desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows challenges and titles of 14 px at least, titles on up to two whole-word lines', async ({
    page,
  }) => {
    await openCardWithBooks(page);
    const measured = await measureCard(page);
    expect(measured.smallText).toEqual([]);
    expect(measured.smallTargets).toEqual([]);
    expect(measured.pageWidth).toBeLessThanOrEqual(measured.viewportWidth);

    await expect(page.locator('.bingo-square__challenge').first()).toBeVisible();
    // The desktop's squares have room for the whole challenge: the short label is the phone's.
    await expect(page.locator('.bingo-square__label').first()).toBeHidden();
    const title = await measureTitle(page, `.bingo-square__title >> text="${LONG_TITLE}"`);
    expect(title.lines).toBeLessThanOrEqual(2);
    expect(title.hiddenOverflow).toBe(false);
    expect(title.breaksWords).toBe(false);

    const selector = await measureSelector(page);
    expect(selector.shown).toBe(selector.selected);
    expect(selector.clipped).toBe(false);
    expect(selector.clearOfArrow).toBe(true);
  });
});

test.describe('say it before it happens', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('a second copy of a book asks for the wildcard before anything is sent', async ({
    page,
  }) => {
    await logIn(page, DEMO_READER.email, DEMO_READER.password);
    await clearCard(page);
    await placeBooks(page, { 0: 'Dune' });
    await page.goto('/bingo');

    const challenge = DEFAULT_CHALLENGES[2];
    await page
      .getByRole('grid', { name: 'Bingo card' })
      .getByRole('button', { name: new RegExp(`^${challenge}\\.`) })
      .click();
    const sheet = page.getByRole('dialog', { name: challenge });
    await sheet.getByRole('searchbox', { name: 'Search for a book' }).fill('Dune');
    await sheet.getByRole('searchbox', { name: 'Search for a book' }).press('Enter');

    let placements = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/bingo/placements')) {
        placements += 1;
      }
    });
    await sheet
      .getByRole('button', { name: /^Choose Dune/ })
      .first()
      .click();
    const ask = page.getByRole('alertdialog', { name: messages.bingo.wildcardConfirmTitle });
    await expect(ask).toBeVisible();
    expect(placements).toBe(0);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    expect(placements).toBe(0);

    await sheet
      .getByRole('button', { name: /^Choose Dune/ })
      .first()
      .click();
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/bingo/placements'));
    await ask.getByRole('button', { name: messages.bingo.wildcardConfirm }).click();
    await placed;
    await expect(page.getByRole('dialog', { name: 'Write a review' })).toBeVisible();
    expect(placements).toBe(1);
    await expect(
      page.getByRole('grid', { name: 'Bingo card' }).getByRole('button', {
        name: new RegExp(`^${challenge}\\. Marked with Dune.*\\(wildcard\\)`),
      }),
    ).toBeVisible();
  });

  test('an instant double click on Choose sends one request and opens no square behind', async ({
    page,
  }) => {
    await logIn(page, DEMO_READER.email, DEMO_READER.password);
    await clearCard(page);
    await page.goto('/bingo');
    // A friend's favourite: a square no rule checks, so no warning comes between.
    const challenge = DEFAULT_CHALLENGES[9];
    await page
      .getByRole('grid', { name: 'Bingo card' })
      .getByRole('button', { name: new RegExp(`^${challenge}\\.`) })
      .click();
    const sheet = page.getByRole('dialog', { name: challenge });
    await sheet.getByRole('searchbox', { name: 'Search for a book' }).fill('Hobbit');
    await sheet.getByRole('searchbox', { name: 'Search for a book' }).press('Enter');
    const choose = sheet.getByRole('button', { name: /^Choose / }).first();
    await expect(choose).toBeEnabled();

    let placements = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/bingo/placements')) {
        placements += 1;
      }
    });
    // Two clicks dispatched in one task: the page gets no chance to re-render in between.
    await choose.evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await expect(page.getByRole('dialog', { name: 'Write a review' })).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Write a review' })
      .getByRole('button', { name: 'Skip' })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(placements).toBe(1);
    await expect(page.locator('.Toastify').getByText(messages.bingo.earnedPoints(10))).toHaveCount(
      1,
    );
  });

  test('a guest sees "Register to save your card" and no Reset Grid', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await expect(page).toHaveURL(/\/bingo$/);
    await expect(page.getByText(messages.bingo.guestBannerTitle)).toBeVisible();
    await expect(page.getByRole('link', { name: messages.bingo.guestBannerLink })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Leaderboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset Grid' })).toHaveCount(0);
    const measured = await measureCard(page);
    expect(measured.smallText).toEqual([]);
    expect(measured.smallTargets).toEqual([]);
    expect(measured.pageWidth).toBeLessThanOrEqual(measured.viewportWidth);
  });
});

test.describe('modals', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('a long search keeps Close at the top in view, and View Book comes back to it', async ({
    page,
  }) => {
    await logIn(page, DEMO_READER.email, DEMO_READER.password);
    await clearCard(page);
    await page.goto('/bingo');
    const challenge = DEFAULT_CHALLENGES[6];
    await page
      .getByRole('grid', { name: 'Bingo card' })
      .getByRole('button', { name: new RegExp(`^${challenge}\\.`) })
      .click();
    const sheet = page.getByRole('dialog', { name: challenge });
    const box = sheet.getByRole('searchbox', { name: 'Search for a book' });
    await box.fill('the');
    await box.press('Enter');
    const results = sheet.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('listitem').nth(5)).toBeVisible();
    const count = await results.getByRole('listitem').count();

    // Scroll to the last result: Close and the search box are still on screen.
    await results.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await expect(sheet.getByRole('button', { name: 'Close' })).toBeInViewport();
    await expect(box).toBeInViewport();

    const view = results.getByRole('link', { name: /^View Book: / }).nth(2);
    const title = ((await view.getAttribute('aria-label')) ?? '').replace(/^View Book: /, '');
    await view.click();
    await expect(page).toHaveURL(/\/book\//);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('link', { name: messages.book.backToSearch }).click();

    const back = page.getByRole('dialog', { name: challenge });
    await expect(back.getByRole('searchbox', { name: 'Search for a book' })).toHaveValue('the');
    await expect(
      back.getByRole('list', { name: 'Search results' }).getByRole('listitem'),
    ).toHaveCount(count);

    // The browser's Back does the same.
    await back.getByRole('link', { name: `View Book: ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog', { name: challenge })).toBeVisible();
    await expect(
      page
        .getByRole('dialog', { name: challenge })
        .getByRole('searchbox', { name: 'Search for a book' }),
    ).toHaveValue('the');
  });

  test('Escape on a typed review asks before discarding it', async ({ page }) => {
    await logIn(page, DEMO_READER.email, DEMO_READER.password);
    await clearCard(page);
    await page.goto('/bingo');
    const challenge = DEFAULT_CHALLENGES[7];
    await page
      .getByRole('grid', { name: 'Bingo card' })
      .getByRole('button', { name: new RegExp(`^${challenge}\\.`) })
      .click();
    const sheet = page.getByRole('dialog', { name: challenge });
    await sheet.getByRole('searchbox', { name: 'Search for a book' }).fill('Emma');
    await sheet.getByRole('searchbox', { name: 'Search for a book' }).press('Enter');
    await sheet
      .getByRole('button', { name: /^Choose / })
      .first()
      .click();
    const review = page.getByRole('dialog', { name: 'Write a review' });
    await review.getByRole('textbox', { name: 'Your review' }).fill('A matchmaker who');
    await page.keyboard.press('Escape');

    const ask = page.getByRole('alertdialog', { name: messages.review.discardTitle });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: messages.review.keepWriting }).click();
    await expect(review.getByRole('textbox', { name: 'Your review' })).toHaveValue(
      'A matchmaker who',
    );
    await review.getByRole('button', { name: 'Close' }).click();
    await ask.getByRole('button', { name: messages.review.discard }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('pages around the card on a 360 x 800 phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("puts the blog's Show filter on its own line under the title", async ({ page }) => {
    await logIn(page, DEMO_READER.email, DEMO_READER.password);
    await page.goto('/blog');
    const title = await page.getByRole('heading', { level: 1, name: 'Blog' }).boundingBox();
    const filter = await page.getByLabel('Show').boundingBox();
    expect(title && filter).toBeTruthy();
    expect(filter!.y).toBeGreaterThanOrEqual(title!.y + title!.height);
    // Full width of the content: the same left edge as the title.
    expect(Math.abs(filter!.x - title!.x)).toBeLessThanOrEqual(1);
  });
});
