import { expect } from '@playwright/test';
import { test } from './fixtures';
import { messages } from '../../src/lib/messages';
import { newReader } from './support';

const t = messages.readingYear;

/**
 * Issue 25: a reader with a few finished books opens Profile > Stats on a phone, reads their
 * year (a chart's data table too), and reopens it as a Year in Review by its address, with
 * its share image. Readers and books are set up through the API.
 */
test('a reader opens Stats and a Year in Review', async ({ browser, baseURL }) => {
  const { page } = await newReader(browser, baseURL!, `yearreader${Date.now()}`, {
    width: 360,
    height: 800,
  });
  const origin = { origin: baseURL! };
  const found = await page.request.get('/api/books/search?q=the');
  const { books } = (await found.json()) as { books: { isbn: string }[] };
  expect(books.length).toBeGreaterThanOrEqual(3);
  for (const book of books.slice(0, 3)) {
    const added = await page.request.post('/api/finished-books', {
      headers: origin,
      data: { isbn: book.isbn },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  const year = new Date().getUTCFullYear();

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Stats' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Stats' });
  await expect(panel.getByRole('heading', { name: t.heading(year) })).toBeVisible();
  await expect(panel.getByText(t.booksRead, { exact: true }).locator('xpath=..')).toContainText(
    '3',
  );
  const chart = panel.getByRole('region', { name: t.booksChartTitle });
  await chart.getByText(t.showTable).click();
  await expect(chart.getByRole('table', { name: t.booksChartTitle })).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto(`/profile/stats/${year}`);
  await expect(page.getByRole('tab', { name: 'Stats' })).toHaveAttribute('aria-selected', 'true');
  const years = page.getByRole('navigation', { name: t.years });
  await expect(years.getByRole('link', { name: String(year) })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const image = page.getByRole('img', { name: new RegExp(`^${year} in books: 3 books`) });
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expect(page.getByRole('link', { name: t.downloadPng })).toHaveAttribute(
    'href',
    `/api/profile/reading-year/${year}/share.png`,
  );
  if (process.env.READING_YEAR_SCREENSHOT) {
    await page.screenshot({ path: process.env.READING_YEAR_SCREENSHOT, fullPage: true });
  }
});
