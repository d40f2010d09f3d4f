import { expect } from '@playwright/test';
import { test } from './fixtures';
import { messages } from '../../src/lib/messages';
import { DEMO_ADMIN, DEMO_READER, logIn, openMenu, solveCaptcha, toast } from './support';

test('a new reader registers, logs in with the captcha, lands on /bingo and logs out', async ({
  page,
}) => {
  const email = `hog-${Date.now()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('weak');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByText(
      `${messages.auth.weakPasswordPrefix} uppercase, numeric, special character, minimum length 6`,
    ),
  ).toBeVisible();

  await page.getByLabel('Password').fill('Prickly-Reader-7');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(messages.auth.registerSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Wrong-Password-1');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(messages.auth.invalidCredentials)).toBeVisible();
  await expect(page.getByRole('link', { name: /Forgot Password/ })).toBeVisible();

  await page.getByLabel('Password').fill('Prickly-Reader-7');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/bingo$/);

  // A signed-in reader who opens /login goes back to the card.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/bingo$/);

  await openMenu(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(toast(page, messages.auth.loggedOut)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a guest reaches /bingo and /rules but is turned away from /profile', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await expect(page).toHaveURL(/\/bingo$/);
  await page.goto('/rules');
  await expect(page.getByRole('heading', { name: 'Wildcard Feature' })).toBeVisible();
  await page.goto('/profile');
  await expect(toast(page, messages.access.loginRequired)).toBeVisible();
  await expect(page).not.toHaveURL(/\/profile$/);
});

test('a signed-out visitor is turned away from /bingo to /login', async ({ page }) => {
  await page.goto('/bingo');
  await expect(toast(page, messages.access.loginRequired)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown paths lead to / and / leads to /login', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
});

test('a reader is turned away from /admin', async ({ page }) => {
  await logIn(page, DEMO_READER.email, DEMO_READER.password);
  await page.goto('/admin');
  await expect(toast(page, messages.access.adminOnly)).toBeVisible();
  await expect(page).not.toHaveURL(/\/admin$/);
});

test('an admin sets the reset date', async ({ page }) => {
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin');
  await page.getByLabel('Reset date').fill('2026-12-31');
  // The Card tab also saves a corrected square ('Save square').
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, messages.admin.resetDateUpdated)).toBeVisible();
  const response = await page.request.get('/api/settings/reset-date');
  expect(await response.json()).toEqual({ resetDate: '2026-12-31T23:59:59.000Z' });
});
