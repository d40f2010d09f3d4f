import { expect, type Page } from '@playwright/test';
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
