import { expect, type Route } from '@playwright/test';
import { test } from './fixtures';
import { DEMO_READER, logIn } from './support';

/**
 * Issue 9: a 1280 px screenshot of /bingo taken right after `networkidle` once showed no card.
 * Nothing renders invisibly: after logging in, the move to /bingo happens in the page, whose
 * network went idle on /login already, so `networkidle` waits for nothing, and the card came
 * three round trips later: the page's script, then GET /api/grids, then the card. These tests
 * hold the page's script back and see the card's data already on its way, then look at what the
 * viewport shows.
 */
test.describe('the bingo card at 1280 x 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("after logging in, the card's grids are asked for while the page's script downloads", async ({
    page,
  }) => {
    const held: Route[] = [];
    await page.route('**/assets/bingo-page-*.js', (route) => {
      held.push(route);
    });
    const gridsAsked = page.waitForRequest((request) =>
      new URL(request.url()).pathname.endsWith('/api/grids'),
    );
    await logIn(page, DEMO_READER.email, DEMO_READER.password);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // The script is still held: the grids request can only come from the page's first steps.
    await gridsAsked;

    for (const route of held) await route.continue();
    await page.unroute('**/assets/bingo-page-*.js');
    const title = page.getByRole('heading', { level: 2 });
    await expect(title).toBeInViewport();
    await expect(page.locator('.bingo-square')).toHaveCount(16);
  });

  test("a fresh /bingo shows the card's title and first squares in the viewport, uncovered", async ({
    page,
  }) => {
    await logIn(page, DEMO_READER.email, DEMO_READER.password);
    await page.goto('/bingo');
    const title = page.getByRole('heading', { level: 2 });
    await expect(title).toBeInViewport();
    const squares = page.locator('.bingo-square');
    await expect(squares).toHaveCount(16);
    for (const index of [0, 3, 4, 7]) await expect(squares.nth(index)).toBeInViewport();
    // What is drawn at the title's and the first square's centres is theirs (no overlay, nothing
    // transparent over them).
    const hits = await page.evaluate(() =>
      ['.bingo-board__title', '.bingo-square'].map((selector) => {
        const element = document.querySelector(selector);
        if (!element) return false;
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && (element === hit || element.contains(hit));
      }),
    );
    expect(hits).toEqual([true, true]);
    await expect(page.locator('.bingo-square').first()).toHaveCSS('opacity', '1');
  });
});
