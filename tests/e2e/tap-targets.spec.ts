import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { messages } from '../../src/lib/messages';
import { placeBooks } from './card-helpers';
import { newReader } from './support';

/**
 * Issue 22: every link and button a reader taps on a 360 px phone is at least 44 x 44 px (WCAG
 * 2.5.5): the header, the menu, My Books and the privacy controls (Blocked readers, Unblock,
 * Block). Boxes come from the browser, as a finger meets them.
 */
const MIN_TARGET_PX = 44;
const PHONE = { width: 360, height: 740 };

/** The visible controls under `root` smaller than 44 x 44, as "WxH name". */
async function smallTargets(root: Locator): Promise<string[]> {
  await expect(root).toBeVisible();
  return root.evaluate((element, min) => {
    const controls = element.querySelectorAll<HTMLElement>(
      'a[href], button, select, input:not([type="hidden"]), [role="button"], [role="tab"]',
    );
    const small: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      // Hidden controls are not tapped; the screen reader's 1 px text is not a control.
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
      if (box.width < min || box.height < min) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim();
        small.push(`${Math.round(box.width)}x${Math.round(box.height)} ${name || control.tagName}`);
      }
    }
    return small;
  }, MIN_TARGET_PX);
}

/** How many controls `root` holds that the measure looked at (a test must measure something). */
function controlsIn(root: Locator) {
  return root.locator('a[href], button, select, [role="tab"]');
}

async function expectAllTappable(root: Locator, what: string) {
  expect(await controlsIn(root).count(), `${what} has controls to measure`).toBeGreaterThan(0);
  // Soft: one run names every small target, not only the first place it finds one.
  expect.soft(await smallTargets(root), `${what}: targets under ${MIN_TARGET_PX} px`).toEqual([]);
}

async function blockThroughApi(page: Page, userId: string) {
  const response = await page.request.put(`/api/blocks/${userId}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('on a 360 px phone, the header, menu, My Books and privacy controls are 44 px or more', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}`.slice(-8);
  const other = await newReader(browser, baseURL!, `tapb${stamp}`);
  const reader = await newReader(browser, baseURL!, `tapa${stamp}`, PHONE);
  const { page } = reader;
  // Books on the card are books read: My Books lists them, each with Remove.
  await placeBooks(page, { 0: 'Dune', 1: 'Pride and Prejudice' });
  await blockThroughApi(page, other.id);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  // The header: the title link, the sections, the menu button.
  await expectAllTappable(page.locator('.app-header'), 'the header');

  // The menu, open.
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expectAllTappable(menu, 'the menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // My Books: its tabs, its books' links and Remove buttons.
  const myBooks = page.getByRole('tabpanel', { name: 'My Books' });
  await expect(myBooks.getByRole('button', { name: /^Remove / })).toHaveCount(2);
  await expectAllTappable(page.getByRole('tablist', { name: 'Your reading' }), 'the tabs');
  await expectAllTappable(myBooks, 'My Books');

  // Privacy: Blocked readers, and Unblock in its list.
  await page.getByRole('tab', { name: 'Friends' }).click();
  const friends = page.getByRole('tabpanel', { name: 'Friends' });
  await friends.getByRole('button', { name: messages.privacy.blockedListTitle }).click();
  await expect(friends.getByText(other.username)).toBeVisible();
  await expectAllTappable(friends, 'Friends and Blocked readers');

  // Another reader's page: its Block (or Unblock) button.
  await page.goto(`/friend/${other.id}`);
  await expect(page.getByRole('button', { name: /^Unblock/ })).toBeVisible();
  await expectAllTappable(page.locator('.app-main'), "another reader's page");
});
