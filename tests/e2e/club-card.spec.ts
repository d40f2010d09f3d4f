import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEFAULT_CHALLENGES } from '../../src/lib/challenges';
import { messages } from '../../src/lib/messages';
import { isbnOf } from './card-helpers';
import { logIn } from './support';

const PASSWORD = 'Prickly-Reader-7';
const PHONE = { width: 360, height: 740 };

function originOf(page: Page) {
  return { origin: new URL(page.url()).origin };
}

/** axe's WCAG A and AA rules, as tests/e2e/axe.spec.ts runs them: no violation. */
async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const found = results.violations.map(
    (v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found).toEqual([]);
}

/** The YYYY-MM-DD thirty days from now, a club card's own reset date. */
function inThirtyDays(): string {
  return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
}

/** The selector's shown text on the phone: all of it, inside its box and clear of the arrow. */
function measureSelector(page: Page) {
  return page.evaluate(() => {
    const value = document.querySelector<HTMLElement>('.grid-selector__value');
    const arrow = document.querySelector('.grid-selector__arrow');
    const control = document.querySelector('.grid-selector__control');
    if (!value || !arrow || !control) throw new Error('no grid selector');
    const v = value.getBoundingClientRect();
    const a = arrow.getBoundingClientRect();
    const c = control.getBoundingClientRect();
    return {
      shown: value.textContent ?? '',
      clipped: value.scrollWidth > value.clientWidth || value.scrollHeight > value.clientHeight,
      clearOfArrow: v.right <= a.left,
      inside: v.left >= c.left && v.right <= c.right && v.top >= c.top && v.bottom <= c.bottom,
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

/**
 * Issue 12, a club card as its member sees it on a 360 px phone: opened from a link
 * (/bingo?grid=), grouped in the selector under the club's name with its whole text shown, the
 * club named over the card, club points, its own days left, the club's leaderboard; and the
 * blog's "Club posts" filter.
 */
test('a club card on a phone: link, grouped selector, club points, club leaderboard, club posts', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}`.slice(-8);
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  const email = `clubcard${stamp}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: `clubcard${stamp}` },
    headers: { origin: baseURL! },
  });
  expect(signUp.ok()).toBe(true);
  await logIn(page, email, PASSWORD);

  // A club with a long name, and its card, through the API.
  const clubName = `The Long Evening Hedgehog Readers Society ${stamp}`;
  const cardTitle = `Autumn Leaves and Lanterns ${stamp}`;
  const club = await page.request.post('/api/clubs', {
    headers: originOf(page),
    data: { name: clubName, description: '' },
  });
  expect(club.status(), await club.text()).toBe(201);
  const clubId = ((await club.json()) as { club: { id: string } }).club.id;
  const card = await page.request.post(`/api/clubs/${clubId}/cards`, {
    headers: originOf(page),
    data: { title: cardTitle, challenges: [...DEFAULT_CHALLENGES], resetDate: inThirtyDays() },
  });
  expect(card.status(), await card.text()).toBe(201);
  const cardId = ((await card.json()) as { card: { id: string } }).card.id;
  const cells = (await (await page.request.get(`/api/bingo/grids/${cardId}`)).json()) as {
    cells: { id: string; position: number }[];
  };
  const placed = await page.request.post('/api/bingo/placements', {
    headers: originOf(page),
    data: { cellId: cells.cells[0]!.id, isbn: await isbnOf(page, 'Dune') },
  });
  expect(placed.ok(), await placed.text()).toBe(true);

  // The link opens the club card; the selector groups it under the club, whole text shown.
  await page.goto(`/bingo?grid=${cardId}`);
  await expect(
    page.getByRole('heading', { level: 2, name: `${clubName}: ${cardTitle}` }),
  ).toBeVisible();
  const selector = page.getByRole('combobox', { name: 'Choose a grid' });
  await expect(selector).toHaveValue(cardId);
  await expect(selector).toHaveAccessibleDescription(clubName);
  const groups = await selector
    .locator('optgroup')
    .evaluateAll((all) => all.map((group) => group.getAttribute('label')));
  expect(groups).toEqual([messages.clubs.sharedCard, clubName]);
  const shown = await measureSelector(page);
  expect(shown.shown).toContain(clubName);
  expect(shown.shown).toContain(cardTitle);
  expect(shown).toMatchObject({ clipped: false, clearOfArrow: true, inside: true, sideways: 0 });

  // Club points, labelled as such, and the card's own 30 days.
  await expect(page.getByText(messages.clubs.clubPoints, { exact: true })).toBeVisible();
  await expect(page.locator('.points-counter__value')).toHaveText(messages.bingo.pointsLabel(10));
  await expect(page.getByText(/^(30|31) days left$/)).toBeVisible();
  await expectNoViolations(page, 'club card');

  // View Leaderboard on a club card: the club's board.
  await page.getByRole('button', { name: 'View Leaderboard' }).click();
  const dialog = page.getByRole('dialog', { name: messages.clubs.leaderboard });
  await expect(dialog.getByText(clubName)).toBeVisible();
  await expect(dialog.getByRole('listitem').first()).toContainText(messages.bingo.pointsLabel(10));
  await expectNoViolations(page, 'club leaderboard');
  await page.keyboard.press('Escape');

  // Switching to the shared card keeps the grid in the address.
  const grids = (await (await page.request.get('/api/grids')).json()) as {
    grids: { id: string; isCurrent: boolean; club?: unknown }[];
  };
  const shared = grids.grids.find((grid) => !grid.club && grid.isCurrent);
  expect(shared).toBeTruthy();
  await selector.selectOption(shared!.id);
  await expect(page).toHaveURL(new RegExp(`/bingo\\?grid=${shared!.id}$`));
  await expect(page.getByText(messages.clubs.clubPoints, { exact: true })).toHaveCount(0);

  // The blog offers the club's posts.
  await page.goto('/blog');
  const filter = page.getByRole('combobox', { name: 'Show' });
  await filter.selectOption({ label: messages.clubs.postsFilter(clubName) });
  await expect(page).toHaveURL(new RegExp(`/blog\\?filter=club&clubId=${clubId}$`));
  await expect(page.getByText(messages.blog.noPosts)).toBeVisible();
  await context.close();
});
