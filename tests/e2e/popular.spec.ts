import { expect } from '@playwright/test';
import { test } from './fixtures';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import { messages } from '../../src/lib/messages';
import { placeBooks } from './card-helpers';
import { newReader } from './support';

const NOT_ON_EARTH = DEFAULT_CHALLENGES[6];

/**
 * Issue 25: four readers fill a square (through the API), three of them with the same book; a
 * fifth, on a phone, opens that square, sees the book "used by 3 readers" (the fourth's book,
 * used once, is not named), places it with one tap, then opens the season page.
 */
test('what others read for a square, placed with one tap, then the season page', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  for (const [i, book] of ['Dune', 'Dune', 'Dune', 'Hobbit'].entries()) {
    const reader = await newReader(browser, baseURL!, `popular${i}-${stamp}`);
    await placeBooks(reader.page, { 6: book });
    await reader.page.context().close();
  }

  const { page } = await newReader(browser, baseURL!, `popular-fifth-${stamp}`, {
    width: 360,
    height: 800,
  });
  await page
    .getByRole('grid', { name: 'Bingo card' })
    .getByRole('button', { name: new RegExp(`^${NOT_ON_EARTH}\\.`) })
    .click();
  const sheet = page.getByRole('dialog', { name: NOT_ON_EARTH });
  const others = sheet.getByRole('region', { name: messages.popularBooks.title });
  const items = others.getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Dune');
  await expect(items.first()).toContainText('used by 3 readers');

  await others.getByRole('button', { name: /^Place Dune/ }).click();
  await expect(page.getByText(messages.bingo.earnedPoints(10)).first()).toBeVisible();
  // The review that follows a placement is not this journey's business.
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: /^Season statistics of / }).click();
  await expect(page).toHaveURL(/\/season\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    messages.seasonStats.title(''),
  );
  await expect(page.getByText(messages.seasonStats.live)).toBeVisible();
  const books = page.getByRole('region', { name: messages.seasonStats.booksTitle });
  // The fifth reader's own placement now counts too.
  await expect(books.getByText(/used by 4 readers/)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Season statistics of / })).toBeVisible();

  // Then their own Year in Review: the book just placed is their first finished this year.
  const year = new Date().getUTCFullYear();
  await page.goto(`/profile/stats/${year}`);
  const stats = page.getByRole('tabpanel', { name: 'Stats' });
  await expect(
    stats.getByRole('heading', { name: messages.readingYear.heading(year) }),
  ).toBeVisible();
  await expect(
    stats.getByText(messages.readingYear.booksRead, { exact: true }).locator('xpath=..'),
  ).toContainText('1');
});
