import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { readingHistoryTexts as texts } from '../../src/client/features/reading-history/texts';
import { messages } from '../../src/lib/messages';
import { logIn, toast } from './support';

// Issue 11: a reader with an imported history opens a square, sees the books of theirs that
// fit it with the reasons, and places one.
const PASSWORD = 'Prickly-Fitter-4';
const fixture = (name: string) => new URL(`../fixtures/${name}`, import.meta.url).pathname;

async function newReader(page: Page, baseURL: string) {
  const email = `fitter-${Date.now()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: 'fitter' },
    headers: { origin: baseURL },
  });
  expect(signUp.ok()).toBe(true);
  await logIn(page, email, PASSWORD);
}

test('books that fit a square, with reasons, and one placed from them', async ({
  page,
  baseURL,
}) => {
  await newReader(page, baseURL!);

  // The imported history: Dune, Good Omens, Pride and Prejudice... finished; The Name of the
  // Wind on the want-to-read list.
  await page.goto('/profile');
  await page.getByRole('tab', { name: texts.heading }).click();
  const panel = page.getByRole('region', { name: texts.heading });
  await panel.getByLabel(texts.fileLabel).setInputFiles(fixture('goodreads_library_export.csv'));
  await panel.getByRole('button', { name: texts.importButton }).click();
  await expect(panel.getByText(messages.imports.done(5, 1))).toBeVisible();

  // The import placed nothing, but the card says how many books fit.
  await page.goto('/bingo');
  await expect(page.getByText(/^\d+ of your books fits? squares? on your card$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /\. Marked with / })).toHaveCount(0);

  await page.getByRole('button', { name: /^A book not set on Earth\./ }).click();
  const sheet = page.getByRole('dialog', { name: 'A book not set on Earth' });
  const fitting = sheet.getByRole('region', { name: messages.fit.suggestionsTitle });
  await expect(fitting).toBeVisible();
  const items = fitting.getByRole('listitem');
  // Want-to-read first, then finished books, each with why it fits.
  await expect(items.first()).toContainText('The Name of the Wind');
  await expect(items.first()).toContainText(messages.fit.fromWantToRead);
  const dune = items.filter({ hasText: 'Dune' });
  await expect(dune).toContainText('subject Science Fiction: science fiction or fantasy');
  await expect(dune).toContainText(messages.fit.fromFinished);

  await dune.getByRole('button', { name: `${messages.fit.place} Dune` }).click();
  await expect(toast(page, messages.bingo.earnedPoints(10))).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(
    page.getByRole('button', {
      name: `A book not set on Earth. Marked with Dune. ${messages.fit.ruleMetMark}`,
    }),
  ).toBeVisible();
});
