import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { messages } from '../../src/lib/messages';
import { readingHistoryTexts as texts } from '../../src/client/features/reading-history/texts';
import { logIn } from './support';

const PASSWORD = 'Prickly-Importer-3';

const fixture = (name: string) => new URL(`../fixtures/${name}`, import.meta.url).pathname;

/** A fresh account (registered through the API; sign-up does not sign in), logged in via the UI. */
async function newReader(page: Page, baseURL: string, handle: string) {
  const email = `${handle}-${Date.now()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: handle },
    headers: { origin: baseURL },
  });
  expect(signUp.ok()).toBe(true);
  await logIn(page, email, PASSWORD);
}

/** Counts the import requests the page sends. */
function countImports(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/imports') {
      sent.push(request.postData() ?? '');
    }
  });
  return sent;
}

function isbn13(n: number): string {
  const body = `978${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A Goodreads export of `rows` read books, none of them in the demo catalogue. */
function bigExport(rows: number): string {
  const [header] = readFileSync(fixture('goodreads_library_export.csv'), 'utf8').split('\n');
  const lines = [header];
  for (let i = 1; i <= rows; i += 1) {
    lines.push(
      `${i},Prickly Tale ${i},Writer ${i},"${i}, Writer",,"=""""","=""${isbn13(900_000 + i)}""",4,4.1,Press,Paperback,200,2001,2001,2023/05/14,2023/01/02,,,read,"A review, with ""quotes"".",,,1,0`,
    );
  }
  return `${lines.join('\n')}\n`;
}

test('a malformed library is refused row by row with nothing imported; a good one is summed up', async ({
  page,
  baseURL,
}) => {
  await newReader(page, baseURL!, 'importer');
  const sent = countImports(page);
  await page.goto('/profile');
  await page.getByRole('tab', { name: texts.heading }).click();
  const panel = page.getByRole('region', { name: texts.heading });
  await expect(panel).toBeVisible();

  // The malformed export: every faulty row, and nothing of the good row 5 went in.
  await panel.getByLabel(texts.fileLabel).setInputFiles(fixture('goodreads_malformed.csv'));
  await panel.getByRole('button', { name: texts.importButton }).click();
  await expect(panel.getByRole('alert')).toHaveText(messages.imports.invalid);
  const problems = panel.getByRole('list', { name: texts.problemsHeading(3) });
  await expect(problems.getByRole('listitem')).toHaveText([
    texts.row(2, messages.imports.ratingInvalid('7')),
    texts.row(3, messages.imports.dateInvalid('Date Read', '14/05/2023')),
    texts.row(4, messages.imports.titleMissing),
  ]);
  await expect(page.getByRole('tab', { name: 'Want to Read (0)' })).toBeVisible();

  // The good export: the summary, and the profile refreshed behind it.
  await panel.getByLabel(texts.fileLabel).setInputFiles(fixture('goodreads_library_export.csv'));
  await panel.getByRole('button', { name: texts.importButton }).click();
  await expect(panel.getByText(messages.imports.done(5, 1))).toBeVisible();
  const fact = (term: string) => panel.locator('.import-summary__fact', { hasText: term });
  await expect(fact(texts.finished).locator('dd')).toHaveText('5');
  await expect(fact(texts.wantToRead).locator('dd')).toHaveText('1');
  await expect(fact(texts.skipped).locator('dd')).toHaveText('2');
  await expect(page.getByRole('tab', { name: 'Want to Read (1)' })).toBeVisible();
  await page.getByRole('tab', { name: 'My Books' }).click();
  await expect(
    page.getByRole('tabpanel', { name: 'My Books' }).getByRole('link', { name: 'The Hobbit' }),
  ).toBeVisible();
  expect(sent).toHaveLength(2);
});

test('a big library goes in one request, with the upload shown as it goes', async ({
  page,
  baseURL,
}) => {
  await newReader(page, baseURL!, 'bigimporter');
  const sent = countImports(page);
  await page.goto('/profile');
  await page.getByRole('tab', { name: texts.heading }).click();
  const panel = page.getByRole('region', { name: texts.heading });

  const rows = 3000;
  const csv = bigExport(rows);
  // A slow uplink (about 400 KB/s) so the upload takes a few seconds.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 400 * 1024,
  });
  await panel.getByLabel(texts.fileLabel).setInputFiles({
    name: 'goodreads_library_export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await panel.getByRole('button', { name: texts.importButton }).click();

  // Seen part-way: between 1% and 99% sent.
  const uploading = panel.getByRole('progressbar', { name: /^Uploading\.\.\. [1-9]\d?%$/ });
  await expect(uploading).toHaveAttribute('value', /^[1-9]\d?$/);
  await expect(panel.getByText(messages.imports.done(rows, 0))).toBeVisible({ timeout: 45_000 });
  await expect(
    panel.locator('.import-summary__fact', { hasText: texts.booksAdded }).locator('dd'),
  ).toHaveText('3,000');
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]!)).toEqual({ csv });
});
