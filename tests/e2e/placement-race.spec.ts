import { expect, type Response } from '@playwright/test';
import { test } from './fixtures';
import { messages } from '../../src/lib/messages';
import { newReader, toast } from './support';

/** How long the placement's answer is held on its way to the page: the live update wins. */
const HELD_MS = 1500;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Card {
  grid: { id: string };
  cells: { id: string; position: number; challenge: string; placement: unknown }[];
}

/**
 * Issue 22: when the event stream's points update refetches the card before the placement's
 * own answer arrives, the square already holds the book in the page's cache. The review is
 * still offered and the points still toasted: the page decides from the server's answer.
 */
test('a placement whose answer arrives after the live update still offers the review and toasts the points', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now()}`.slice(-8);
  const { page } = await newReader(browser, baseURL!, `race${stamp}`);
  const grids = (await (await page.request.get('/api/grids')).json()) as {
    grids: { id: string; isCurrent: boolean }[];
  };
  const gridId = grids.grids.find((grid) => grid.isCurrent)?.id;
  if (!gridId) throw new Error('the e2e server has no current grid');
  const card = (await (await page.request.get(`/api/bingo/grids/${gridId}`)).json()) as Card;
  // A new reader's card is empty: the first square takes the book for 10 points.
  const target = card.cells.find((cell) => cell.position === 0)!;
  expect(target.placement).toBeNull();

  // The card as the page reads it while the placement's answer is held.
  const cardsReadWhileHeld: Card[] = [];
  let holding = false;
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (!holding || url.pathname !== `/api/bingo/grids/${gridId}`) return;
    if (response.request().method() !== 'GET') return;
    void response
      .json()
      .then((read: Card) => cardsReadWhileHeld.push(read))
      .catch(() => {});
  };
  page.on('response', onResponse);
  await page.route('**/api/bingo/placements', async (route) => {
    const answer = await route.fetch();
    holding = true;
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    holding = false;
    await route.fulfill({ response: answer });
  });

  const square = page
    .getByRole('grid', { name: 'Bingo card' })
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(target.challenge)}\\.`) });
  await square.click();
  const sheet = page.getByRole('dialog', { name: target.challenge });
  const search = sheet.getByRole('searchbox', { name: 'Search for a book' });
  await search.fill('Dune');
  await search.press('Enter');
  const choose = sheet.getByRole('button', { name: /^Choose / }).first();
  await expect(choose).toBeEnabled();
  await choose.click();
  // The square's rule may not take the book (demo data changes): the reader places it anyway.
  const warning = page.getByRole('alertdialog', { name: target.challenge });
  const review = page.getByRole('dialog', { name: 'Write a review' });
  await expect(warning.or(review)).toBeVisible({ timeout: HELD_MS + 10_000 });
  if (await warning.isVisible()) {
    await warning.getByRole('button', { name: messages.fit.placeAnyway }).click();
  }

  await expect(review).toBeVisible({ timeout: HELD_MS + 10_000 });
  await expect(toast(page, messages.bingo.earnedPoints(10))).toBeVisible();
  // The race happened: while the answer was held, the live update refetched the card with the
  // book already on its square.
  expect(
    cardsReadWhileHeld.some(
      (read) => read.cells.find((cell) => cell.id === target.id)?.placement !== null,
    ),
  ).toBe(true);
});
