import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { ONBOARDING_BOOKS } from '../../src/lib/limits';
import { messages } from '../../src/lib/messages';
import { authorKey, leadAuthor, RECOMMENDATION_MAX_AGE_YEARS } from '../../src/lib/recommendations';
import type { WantToReadResponse } from '../../src/lib/schemas/library';
import { recommendationTexts as texts } from '../../src/client/features/recommendations/texts';
import { logIn, toast } from './support';

const PASSWORD = 'Hedgehog-Reader-9';

/** Five favourites from the demo catalogue: what to type, and the title to add. */
const FAVOURITES = [
  { search: 'Dune', title: 'Dune' },
  { search: 'Hobbit', title: 'The Hobbit' },
  { search: 'Emma', title: 'Emma' },
  { search: 'Beloved', title: 'Beloved' },
  { search: 'Matilda', title: 'Matilda' },
] as const;

/** How many more cards the journey looks at after the dislike. */
const CARDS_TO_CHECK = 15;

/**
 * Authors with two or more books recent enough to be recommended in the demo catalogue: a
 * dislike of one of them is a real test, as their other books would otherwise come up.
 */
function prolificAuthors(): Set<string> {
  const catalogue = JSON.parse(
    readFileSync(
      new URL('../../src/server/books/data/demo-catalogue.json', import.meta.url),
      'utf8',
    ),
  ) as { authors: string[]; year: number }[];
  const since = new Date().getUTCFullYear() - RECOMMENDATION_MAX_AGE_YEARS;
  const counts = new Map<string, number>();
  for (const book of catalogue) {
    const lead = book.authors[0];
    if (lead && book.year >= since)
      counts.set(authorKey(lead), (counts.get(authorKey(lead)) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n > 1).map(([key]) => key));
}

function deck(page: Page): Locator {
  return page.getByRole('region', { name: texts.deckLabel });
}

/** The card on show: its face is the button named 'Title by Author'. */
function cardFace(page: Page): Locator {
  return deck(page).getByRole('button', { name: / by / });
}

/** Splits a face's name into its title and authors (titles may hold ' by ' themselves). */
async function readCard(page: Page) {
  const name = (await cardFace(page).getAttribute('aria-label')) ?? '';
  const at = name.lastIndexOf(' by ');
  return { name, title: name.slice(0, at), authors: name.slice(at + ' by '.length) };
}

/** Waits for the next card, or for the run-out/empty screen (null). */
async function nextCard(page: Page, previousName: string) {
  const outOfBooks = page.getByText(
    new RegExp(`^(${messages.recommendations.empty}|We've run out of recommendations)`),
  );
  await expect(async () => {
    if (await outOfBooks.isVisible()) return;
    const { name } = await readCard(page);
    expect(name).not.toBe('');
    expect(name).not.toBe(previousName);
  }).toPass({ timeout: 20_000 });
  if (await outOfBooks.isVisible()) return null;
  return readCard(page);
}

test('a new reader picks five favourites, likes a book onto Want to Read, and never meets a disliked author again', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const handle = `swiper${`${Date.now()}`.slice(-8)}`;
  const email = `${handle}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: handle },
    headers: { origin: baseURL! },
  });
  expect(signUp.ok()).toBe(true);
  await logIn(page, email, PASSWORD);

  // Onboarding: search as you type, add five favourites.
  await page.goto('/recommendations');
  await expect(page.getByRole('heading', { name: texts.onboardingHeading })).toBeVisible();
  await expect(page.getByText(texts.progress(0, ONBOARDING_BOOKS))).toBeVisible();
  const search = page.getByRole('searchbox', { name: texts.searchLabel });
  for (const [index, favourite] of FAVOURITES.entries()) {
    await search.fill(favourite.search);
    const add = page.getByRole('button', { name: `Add ${favourite.title}`, exact: true });
    await add.first().click();
    if (index < FAVOURITES.length - 1) {
      await expect(page.getByText(texts.progress(index + 1, ONBOARDING_BOOKS))).toBeVisible();
      await expect(
        page.getByRole('button', { name: `Added ${favourite.title}`, exact: true }).first(),
      ).toBeDisabled();
    }
  }

  // The fifth favourite ends onboarding by itself: the cards appear.
  await expect(cardFace(page)).toBeVisible({ timeout: 20_000 });
  await expect(search).toBeHidden();

  // A look at the card on a phone.
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 10_000 });
  await page.setViewportSize({ width: 360, height: 760 });
  await page.screenshot({ path: testInfo.outputPath('card-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The description overlay opens and closes on the card.
  // (A tap on the overlay, which covers the card, closes it.)
  await cardFace(page).click();
  await expect(cardFace(page)).toHaveAttribute('aria-expanded', 'true');
  const overlayId = (await cardFace(page).getAttribute('aria-controls')) ?? '';
  const overlay = page.locator(`[id="${overlayId}"]`);
  await expect(overlay).toBeVisible();
  await overlay.click();
  await expect(cardFace(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(overlay).toBeHidden();

  // Like: the toast, and the book is on the Want to Read list.
  const liked = await readCard(page);
  await deck(page).getByRole('button', { name: 'Like', exact: true }).click();
  await expect(toast(page, messages.wantToRead.added)).toBeVisible();
  const wantToRead = (await (
    await page.request.get('/api/want-to-read')
  ).json()) as WantToReadResponse;
  expect(wantToRead.books.map((book) => book.title)).toContain(liked.title);

  // Like on (with ArrowRight) to a card by an author with more books in the catalogue, and
  // dislike it: that author is gone for the rest of the session.
  const prolific = prolificAuthors();
  let disliked = await nextCard(page, liked.name);
  for (let i = 0; i < 20 && disliked; i += 1) {
    if (prolific.has(authorKey(leadAuthor(disliked.authors) ?? ''))) break;
    const shown = disliked.name;
    await cardFace(page).focus();
    await page.keyboard.press('ArrowRight');
    disliked = await nextCard(page, shown);
  }
  expect(disliked, 'a card by an author with several books').not.toBeNull();
  const dislikedAuthor = leadAuthor(disliked!.authors)!;
  expect(prolific).toContain(authorKey(dislikedAuthor));
  await deck(page).getByRole('button', { name: 'Dislike', exact: true }).click();

  // Then through more cards, disliking by keyboard (ArrowLeft).
  const seen: string[] = [disliked!.name];
  let previous = disliked!.name;
  for (let i = 0; i < CARDS_TO_CHECK; i += 1) {
    const card = await nextCard(page, previous);
    if (!card) break;
    expect(card.authors.split(',').map(authorKey), `card ${card.name}`).not.toContain(
      authorKey(dislikedAuthor),
    );
    expect(seen).not.toContain(card.name);
    seen.push(card.name);
    previous = card.name;
    await cardFace(page).focus();
    await page.keyboard.press('ArrowLeft');
  }
  testInfo.annotations.push({
    type: 'cards',
    description: `${seen.length - 1} cards after the dislike of ${dislikedAuthor}`,
  });
  expect(seen.length - 1).toBeGreaterThanOrEqual(5);
});
