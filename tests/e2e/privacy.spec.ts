import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { messages } from '../../src/lib/messages';
import { placeBooks } from './card-helpers';
import { newReader, toast } from './support';

/** The rows of the Global Top 10, as the leaderboard modal lists them. */
async function globalRows(page: Page) {
  await page.goto('/bingo');
  await page.getByRole('button', { name: 'View Leaderboard' }).click();
  const leaderboard = page.getByRole('dialog', { name: 'Leaderboard' });
  await leaderboard.getByRole('tab', { name: 'Global Top 10' }).click();
  return leaderboard.getByRole('tabpanel', { name: 'Global Top 10' }).getByRole('listitem');
}

test('B hides the profile, and C sees "A reader" on the leaderboard and on B\'s profile', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}`.slice(-8);
  const b = await newReader(browser, baseURL!, `hidb${stamp}`);
  // C reads on a phone (360 px): the hidden profile and its Block must fit.
  const c = await newReader(browser, baseURL!, `seec${stamp}`, { width: 360, height: 740 });
  await placeBooks(b.page, { 0: 'Dune' });

  // Before: C sees B by name, with B's points.
  const before = await globalRows(c.page);
  await expect(before.filter({ hasText: b.username })).toContainText(
    messages.bingo.pointsLabel(10),
  );
  // Other journeys' readers may be hidden too (another "A reader" on the board): B's own row is
  // known by its place, which hiding the name does not change.
  const place = (await before.allTextContents()).findIndex((row) => row.includes(b.username));

  // B chooses "Only me" in Edit Profile, with the keyboard.
  await b.page.goto('/profile');
  await b.page.getByRole('button', { name: 'Edit Profile' }).click();
  const editor = b.page.getByRole('dialog', { name: 'Edit Profile' });
  const choice = editor.getByRole('group', { name: messages.privacy.visibilityLabel });
  await choice.getByRole('radio', { name: messages.privacy.visibility.only_me }).check();
  await editor.getByRole('button', { name: 'SAVE' }).click();
  await expect(toast(b.page, messages.profile.updated)).toBeVisible();

  // After: C sees "A reader" with the same points, and no trace of B's name.
  const after = await globalRows(c.page);
  await expect(after.nth(place)).toContainText(messages.privacy.hiddenName);
  await expect(after.nth(place)).toContainText(messages.bingo.pointsLabel(10));
  await expect(after.filter({ hasText: b.username })).toHaveCount(0);

  // B's profile page says it is private and still offers Block.
  const bId = (
    (await (await b.page.request.get('/api/profile')).json()) as { profile: { id: string } }
  ).profile.id;
  await c.page.goto(`/friend/${bId}`);
  const hidden = c.page.getByRole('region', { name: messages.privacy.hiddenName });
  await expect(hidden.getByText(messages.privacy.hiddenProfile)).toBeVisible();
  await expect(hidden.getByRole('button', { name: messages.privacy.block })).toBeVisible();
  await expect(c.page.getByText(b.username)).toHaveCount(0);
  const overflow = await c.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await hidden.getByRole('button', { name: messages.privacy.block }).click();
  const question = c.page.getByRole('dialog', {
    name: messages.privacy.blockTitle(messages.privacy.hiddenName),
  });
  await expect(question.getByRole('button', { name: 'YES' })).toBeInViewport();
  await question.getByRole('button', { name: 'NO' }).click();
  await expect(question).toBeHidden();
});
