import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { messages } from '../../src/lib/messages';
import { isbnOf } from './card-helpers';
import { newReader, toast } from './support';

const PHONE = { width: 360, height: 740 };

/** Places books on squares (by position) of one card through the API, as Choose would. */
async function placeOnCard(page: Page, gridId: string, books: Record<number, string>) {
  const origin = { origin: new URL(page.url()).origin };
  const card = (await (await page.request.get(`/api/bingo/grids/${gridId}`)).json()) as {
    cells: { id: string; position: number }[];
  };
  for (const [position, term] of Object.entries(books)) {
    const cell = card.cells.find((c) => c.position === Number(position));
    if (!cell) throw new Error(`no square ${position}`);
    const response = await page.request.post('/api/bingo/placements', {
      headers: origin,
      data: { cellId: cell.id, isbn: await isbnOf(page, term) },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

/**
 * Phone first (issue 12): on the page's main content nothing scrolls sideways, no visible text is
 * under 14 px and every control a finger taps is at least 44 px tall and wide.
 */
async function expectPhoneFriendly(page: Page, where: string) {
  await expectNoSidewaysScroll(page);
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden';
    };
    for (const el of main.querySelectorAll('*')) {
      const hasText = [...el.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (hasText && visible(el) && size < 14) found.push(`text ${size}px: ${el.textContent}`);
    }
    for (const el of main.querySelectorAll('a, button, input, select, textarea, [role="tab"]')) {
      if (!visible(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.height < 44 || box.width < 44)
        found.push(
          `target ${Math.round(box.width)}x${Math.round(box.height)}: ${el.outerHTML.slice(0, 80)}`,
        );
    }
    return found;
  });
  expect(problems, where).toEqual([]);
}

/** The YYYY-MM-DD a year from now: a club card's reset date in the future. */
function aYearFromNow(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Issue 12, reading circles, with three readers: A creates a club and a club card; B joins by
 * A's invitation link (on a phone); C, not a member, sees neither the card nor more than the
 * ask-to-join view; B places books on the club card and tops the club leaderboard; A shares a
 * card, which a signed-out visitor sees with its alt text; B hides the profile and C, now a
 * member, sees "A reader" on the club leaderboard.
 */
test('three readers: a club, its card, an invitation, a share and a hidden name', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}`.slice(-8);
  const a = await newReader(browser, baseURL!, `cluba${stamp}`);
  const b = await newReader(browser, baseURL!, `clubb${stamp}`, PHONE);
  const c = await newReader(browser, baseURL!, `clubc${stamp}`, PHONE);
  const clubName = `Night Owls ${stamp}`;
  const cardTitle = `Owl Card ${stamp}`;

  // A: Clubs in the top navigation -> create a club -> its page.
  await a.page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Clubs' })
    .click();
  await expect(
    a.page.getByRole('heading', { level: 1, name: messages.clubs.pageTitle }),
  ).toBeVisible();
  await expect(a.page.getByText(messages.clubs.noClubs)).toBeVisible();
  const create = a.page.getByRole('region', { name: messages.clubs.createTitle });
  await create.getByLabel(messages.clubs.nameLabel).fill(clubName);
  await create.getByLabel(messages.clubs.descriptionLabel).fill('We read after dark.');
  await create.getByRole('button', { name: messages.clubs.create }).click();
  await expect(a.page.getByRole('heading', { level: 1, name: clubName })).toBeVisible();
  const clubId = decodeURIComponent(new URL(a.page.url()).pathname.split('/').pop() ?? '');

  // A: a club card from the challenge editor, with its own reset date.
  await a.page.getByRole('tab', { name: messages.clubs.tabCards }).click();
  await a.page.getByRole('button', { name: messages.clubs.createCard }).click();
  const editor = a.page.getByRole('region', { name: messages.clubs.createCard });
  await editor.getByLabel(messages.clubs.cardTitleLabel).fill(cardTitle);
  await editor.getByLabel(messages.clubs.resetDateLabel).fill(aYearFromNow());
  await editor.getByRole('button', { name: messages.clubs.createCard }).click();
  await expect(toast(a.page, messages.clubs.cardCreated)).toBeVisible();
  const cardLink = a.page.getByRole('link', { name: messages.clubs.openCard(cardTitle) });
  await expect(cardLink).toBeVisible();
  const cardId = new URL(
    await cardLink.evaluate((link: HTMLAnchorElement) => link.href),
  ).searchParams.get('grid');
  expect(cardId).toBeTruthy();

  // A: an invitation link, shown once.
  await a.page.getByRole('tab', { name: messages.clubs.tabInvites }).click();
  await a.page.getByRole('button', { name: messages.clubs.createInvite }).click();
  const linkField = a.page.getByRole('textbox', { name: messages.clubs.inviteLinkLabel });
  await expect(linkField).toHaveValue(/\/clubs\/join\/[A-Za-z0-9_-]{43}$/);
  const invitation = await linkField.inputValue();

  // B, on a phone: the invitation's preview, Join club, the club page.
  await b.page.goto(invitation);
  await expect(
    b.page.getByRole('heading', { level: 2, name: messages.clubs.joinTitle(clubName) }),
  ).toBeVisible();
  await expect(b.page.getByText(messages.clubs.memberCount(1))).toBeVisible();
  await expectPhoneFriendly(b.page, 'join page');
  await b.page.getByRole('button', { name: messages.clubs.join }).click();
  await expect(b.page.getByRole('heading', { level: 1, name: clubName })).toBeVisible();
  await expect(toast(b.page, messages.clubs.joined(clubName))).toBeVisible();
  for (const tab of [
    messages.clubs.tabLeaderboard,
    messages.clubs.tabMembers,
    messages.clubs.tabCards,
  ]) {
    await b.page.getByRole('tab', { name: tab }).click();
    await expect(b.page.getByRole('tabpanel', { name: tab }).getByRole('status')).toHaveCount(0);
    await expectPhoneFriendly(b.page, `club page, ${tab}`);
  }

  // C, not a member: no club card in the grid selector, only the ask-to-join view.
  await c.page.goto('/bingo');
  await expect(c.page.getByRole('grid', { name: 'Bingo card' })).toBeVisible();
  await expect(c.page.locator('option', { hasText: cardTitle })).toHaveCount(0);
  const hidden = await c.page.request.get(`/api/bingo/grids/${cardId}`);
  expect(hidden.status()).toBe(404);
  await c.page.goto(`/clubs/${clubId}`);
  await expect(c.page.getByRole('heading', { level: 1, name: clubName })).toBeVisible();
  await expect(c.page.getByRole('tablist')).toHaveCount(0);
  await expect(c.page.getByText(cardTitle)).toHaveCount(0);
  await c.page.getByRole('button', { name: messages.clubs.askToJoin }).click();
  await expect(c.page.getByText(messages.clubs.requestPending)).toBeVisible();
  await expectPhoneFriendly(c.page, 'club page, not a member');

  // B: the card's link opens it on the bingo page; books placed on it top the club leaderboard.
  await b.page.getByRole('tab', { name: messages.clubs.tabCards }).click();
  await b.page.getByRole('link', { name: messages.clubs.openCard(cardTitle) }).click();
  await expect(b.page).toHaveURL(new RegExp(`/bingo\\?grid=${cardId}$`));
  await expect(b.page.getByRole('combobox', { name: 'Choose a grid' })).toHaveValue(cardId!);
  await placeOnCard(b.page, cardId!, { 0: 'Dune', 2: 'Hobbit' });
  await b.page.goto(`/clubs/${clubId}`);
  const board = b.page.getByRole('list', { name: messages.clubs.leaderboard });
  const first = board.getByRole('listitem').first();
  await expect(first).toContainText(b.username);
  await expect(first).toContainText(messages.bingo.pointsLabel(20));
  await expect(first).toHaveAttribute('aria-current', 'true');
  await expect(board.getByRole('listitem').nth(1)).toContainText(a.username);
  await expectNoSidewaysScroll(b.page);

  // A shares the club card; signed out, its page shows it with its alt text.
  await a.page.goto(`/bingo?grid=${cardId}`);
  await a.page.getByRole('button', { name: messages.share.button }).click();
  const dialog = a.page.getByRole('dialog', { name: messages.share.dialogTitle });
  await dialog.getByRole('button', { name: messages.share.create }).click();
  const shareField = dialog.getByRole('textbox', { name: messages.share.linkLabel });
  await expect(shareField).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
  const shared = await shareField.inputValue();
  const visitor = await browser.newContext();
  try {
    const view = await visitor.newPage();
    const response = await view.goto(shared);
    expect(response?.status()).toBe(200);
    await expect(view.getByRole('heading', { level: 1, name: cardTitle })).toBeVisible();
    await expect(
      view.getByRole('img', { name: /^Bingo card\. .+: \d+ of 16 squares/ }),
    ).toBeVisible();
  } finally {
    await visitor.close();
  }

  // A approves C; B hides the profile; C, a member now, sees "A reader" on the leaderboard.
  await a.page.goto(`/clubs/${clubId}`);
  await a.page.getByRole('tab', { name: messages.clubs.tabRequests }).click();
  await a.page.getByRole('button', { name: `${messages.clubs.approve}: ${c.username}` }).click();
  await expect(toast(a.page, messages.clubs.approved)).toBeVisible();

  await b.page.goto('/profile');
  await b.page.getByRole('button', { name: 'Edit Profile' }).click();
  const profileEditor = b.page.getByRole('dialog', { name: 'Edit Profile' });
  await profileEditor
    .getByRole('group', { name: messages.privacy.visibilityLabel })
    .getByRole('radio', { name: messages.privacy.visibility.only_me })
    .check();
  await profileEditor.getByRole('button', { name: 'SAVE' }).click();
  await expect(toast(b.page, messages.profile.updated)).toBeVisible();

  await c.page.goto(`/clubs/${clubId}`);
  const seen = c.page.getByRole('list', { name: messages.clubs.leaderboard });
  await expect(seen.getByRole('listitem').first()).toContainText(messages.privacy.hiddenName);
  await expect(seen.getByRole('listitem').first()).toContainText(messages.bingo.pointsLabel(20));
  await expect(c.page.getByText(b.username)).toHaveCount(0);
  await c.page.getByRole('tab', { name: messages.clubs.tabMembers }).click();
  await expect(c.page.getByRole('link', { name: a.username })).toBeVisible();
  await expect(c.page.getByRole('link', { name: messages.privacy.hiddenName })).toHaveCount(0);
  await expectPhoneFriendly(c.page, 'members, as a member');
  await c.page.goto('/clubs');
  await expect(c.page.getByRole('link', { name: new RegExp(clubName) })).toBeVisible();
  await expectPhoneFriendly(c.page, '/clubs');
});

test('a guest and a signed-out visitor who open club links are sent where readers-only pages send them', async ({
  page,
}) => {
  await page.goto('/clubs');
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, messages.access.loginRequired)).toBeVisible();

  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await expect(page).toHaveURL(/\/bingo$/);
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Clubs' }),
  ).toHaveCount(0);
  await page.goto('/clubs/join/not-a-real-token');
  await expect(toast(page, messages.access.loginRequired)).toBeVisible();
  await expect(page).toHaveURL(/\/bingo$/);
});
