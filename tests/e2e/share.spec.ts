import { expect } from '@playwright/test';
import { test } from './fixtures';
import { messages } from '../../src/lib/messages';
import { DEMO_READER, logIn } from './support';

/**
 * Issue 12, a card worth sharing: the reader makes a link from the bingo page; signed out, the
 * link shows the card with its alt text, social tags and an image the browser really draws;
 * once revoked, it is gone.
 */
test('a reader shares a card, a signed-out visitor sees it, and the reader revokes it', async ({
  page,
  browser,
}) => {
  await logIn(page, DEMO_READER.email, DEMO_READER.password);
  const title = await page.locator('.bingo-board__title').innerText();

  await page.getByRole('button', { name: messages.share.button }).click();
  const dialog = page.getByRole('dialog', { name: messages.share.dialogTitle });
  await dialog.getByRole('button', { name: /^(Create link|New link)$/ }).click();
  const field = dialog.getByRole('textbox', { name: messages.share.linkLabel });
  await expect(field).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
  const link = await field.inputValue();

  const visitor = await browser.newContext();
  try {
    const view = await visitor.newPage();
    const response = await view.goto(link);
    expect(response?.status()).toBe(200);
    await expect(view.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const card = view.getByRole('img', { name: /^Bingo card\. .+: \d+ of 16 squares; / });
    await expect(card).toBeVisible();
    // The browser drew the SVG: the page's CSP lets its own image in.
    await expect
      .poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(view.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${link}/card.png`,
    );
    await expect(view.locator('meta[name="twitter:card"]')).toHaveAttribute(
      'content',
      'summary_large_image',
    );
    const png = await view.request.get(`${link}/card.png`);
    expect(png.headers()['content-type']).toBe('image/png');
    await expect(view.getByText(DEMO_READER.email)).toHaveCount(0);

    await dialog.getByRole('button', { name: messages.share.revoke }).click();
    await expect(dialog.getByRole('status')).toHaveText(messages.share.revoked);
    const gone = await view.goto(link);
    expect(gone?.status()).toBe(404);
    await expect(view.getByText(messages.share.notFound)).toBeVisible();
  } finally {
    await visitor.close();
  }
});
