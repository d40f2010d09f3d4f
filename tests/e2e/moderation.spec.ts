import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { messages } from '../../src/lib/messages';
import { isbnOf } from './card-helpers';
import { DEMO_ADMIN, logIn, newReader, READER_PASSWORD, solveCaptcha } from './support';

// Issue 23: B reports A's review, the admin hides it and suspends A, A cannot sign in and sees
// why, the admin lifts it; C erases their account and is gone from the board, the blog and
// their friend's list.

function originOf(page: Page) {
  return { origin: new URL(page.url()).origin };
}

async function postReview(page: Page, isbn: string, text: string) {
  const response = await page.request.post('/api/reviews', {
    data: { isbn, text, rating: 4 },
    headers: originOf(page),
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { post: { id: string; bookTitle: string } }).post;
}

async function feedIds(page: Page): Promise<string[]> {
  const feed = (await (await page.request.get('/api/posts?filter=all')).json()) as {
    posts: { id: string }[];
  };
  return feed.posts.map((post) => post.id);
}

test('a reported review is hidden, its author suspended and let back; an erased reader is gone', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}`.slice(-7);
  const a = await newReader(browser, baseURL!, `moda${stamp}`);
  const b = await newReader(browser, baseURL!, `modb${stamp}`);
  const isbn = await isbnOf(a.page, 'Hobbit');
  const post = await postReview(a.page, isbn, `Rude words ${stamp}`);

  // B reports A's review from the blog.
  await b.page.goto('/blog');
  await b.page
    .getByRole('button', { name: messages.reporting.reportPost(post.bookTitle) })
    .first()
    .click();
  const report = b.page.getByRole('dialog', { name: messages.reporting.dialogTitle });
  await report.getByLabel(messages.reporting.reasons.harassment!).check();
  await report.getByRole('button', { name: messages.reporting.send }).click();
  await expect(report.getByText(messages.moderation.reportReceived)).toBeVisible();

  // The admin hides it from the moderation queue, then suspends A for 3 days.
  const adminContext = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
  });
  const admin = await adminContext.newPage();
  await logIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: messages.adminPage.tabModeration }).click();
  const item = admin
    .getByRole('tabpanel')
    .locator('li, article')
    .filter({ hasText: `Rude words ${stamp}` })
    .first();
  await item.getByRole('button', { name: messages.adminPage.hidePost }).click();
  await expect.poll(async () => (await feedIds(b.page)).includes(post.id)).toBe(false);
  expect(await feedIds(a.page)).toContain(post.id);

  await admin.getByRole('tab', { name: messages.adminPage.tabReaders }).click();
  await admin.getByLabel(messages.adminPage.searchLabel).fill(a.username);
  await admin.getByRole('button', { name: messages.adminPage.searchButton, exact: true }).click();
  await admin
    .getByRole('button', { name: new RegExp(`^Suspend ${a.username}`) })
    .first()
    .click();
  const suspend = admin.getByRole('dialog');
  await suspend.getByRole('spinbutton', { name: messages.adminPage.daysLabel }).fill('3');
  await suspend.getByLabel(messages.adminPage.reasonLabel, { exact: true }).fill('Rude review');
  await suspend
    .getByRole('button', { name: messages.adminPage.suspendButton, exact: true })
    .click();
  await expect(admin.getByText(/Suspended until/).first()).toBeVisible();

  // A's session is over; signing in again says why and until when.
  await expect.poll(async () => (await a.page.request.get('/api/profile')).status()).toBe(401);
  await a.page.goto('/login');
  await a.page.getByLabel('Email').fill(a.email);
  await a.page.getByLabel('Password').fill(READER_PASSWORD);
  await solveCaptcha(a.page);
  await a.page.getByRole('button', { name: 'Login' }).click();
  await expect(a.page.getByText(/Your account is suspended until \d+ \w+ \d{4}\./)).toBeVisible();

  // The admin lifts it: A signs in again.
  await admin
    .getByRole('button', { name: messages.adminPage.liftSuspension(a.username) })
    .first()
    .click();
  // Lifted: the reader's row offers Suspend again. A's browser still holds the ended
  // session's cookie; signing in works all the same.
  await expect(
    admin.getByRole('button', { name: new RegExp(`^Suspend ${a.username}`) }).first(),
  ).toBeVisible();
  await logIn(a.page, a.email, READER_PASSWORD);

  // C, B's friend with a review and points, erases their account from the profile.
  const c = await newReader(browser, baseURL!, `modc${stamp}`);
  const cPost = await postReview(c.page, isbn, `Goodbye ${stamp}`);
  const asked = await b.page.request.post('/api/friends', {
    data: { query: c.username },
    headers: originOf(b.page),
  });
  expect(asked.status()).toBe(201);
  const friendship = ((await asked.json()) as { friend: { id: string } }).friend.id;
  expect(
    (
      await c.page.request.post(`/api/friends/${friendship}/accept`, { headers: originOf(c.page) })
    ).ok(),
  ).toBe(true);
  expect(await feedIds(b.page)).toContain(cPost.id);

  await c.page.goto('/profile');
  await c.page.getByRole('tab', { name: 'Reading history' }).click();
  await c.page.getByRole('button', { name: messages.deleteAccount.open }).click();
  const erase = c.page.getByRole('alertdialog', { name: messages.deleteAccount.heading });
  await erase.getByLabel(messages.deleteAccount.passwordLabel).fill(READER_PASSWORD);
  await erase.getByRole('button', { name: messages.deleteAccount.confirm }).click();
  await expect(c.page).toHaveURL(/\/login$/);

  expect(await feedIds(b.page)).not.toContain(cPost.id);
  const friends = (await (await b.page.request.get('/api/friends')).json()) as {
    friends: { username: string }[];
  };
  expect(friends.friends.map((f) => f.username)).not.toContain(c.username);
  const board = await (await b.page.request.get('/api/leaderboard?scope=global')).text();
  expect(board).not.toContain(c.username);
  await adminContext.close();
});
