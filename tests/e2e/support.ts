import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_READER } from '../../src/server/seed/demo-accounts';

export { DEMO_ADMIN, DEMO_READER };

/** Waits for the captcha to solve itself in the page (the widget works for real, at low cost). */
export async function solveCaptcha(page: Page) {
  const widget = page.locator('altcha-widget');
  await widget.locator('input[type="checkbox"]').click({ force: true });
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled({ timeout: 20_000 });
}

/** Logs in through the real form, captcha and all, and lands on /bingo. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/bingo$/);
}

/** The toast container's text, for asserting the spec's toasts. */
export function toast(page: Page, text: string) {
  return page.locator('.Toastify').getByText(text, { exact: true });
}

/** Opens the hamburger menu. */
export async function openMenu(page: Page) {
  await page.getByRole('button', { name: /menu/i }).click();
}

/** The password of the readers the journeys register. */
export const READER_PASSWORD = 'Prickly-Reader-7';

/**
 * A fresh reader in a browser context of its own: registered through the API, logged in
 * through the real form, on a 1280 x 800 screen unless `viewport` says otherwise.
 */
export async function newReader(
  browser: Browser,
  baseURL: string,
  handle: string,
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const email = `${handle}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: READER_PASSWORD, name: handle },
    headers: { origin: baseURL },
  });
  expect(signUp.ok()).toBe(true);
  await logIn(page, email, READER_PASSWORD);
  const profile = (await (await page.request.get('/api/profile')).json()) as {
    profile: { id: string; username: string };
  };
  return { page, id: profile.profile.id, email, username: profile.profile.username };
}
