import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { messages } from '../../src/lib/messages';
import { isbnOf } from './card-helpers';
import { newReader, toast } from './support';

const PHONE = { width: 360, height: 800 };
const d = messages.dashboard;
const p = messages.printCard;

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

/** The YYYY-MM-DD a year from now: a club card's reset date in the future. */
function aYearFromNow(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** Opens a chart's "Show the data as a table" and returns its body's rows as text cells. */
async function chartTable(page: Page, title: string): Promise<string[][]> {
  const chart = page.getByRole('region', { name: title });
  await chart.getByText(d.showTable).click();
  const table = chart.getByRole('table', { name: title });
  await expect(table).toBeVisible();
  return rowsOf(table);
}

async function rowsOf(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

/** A figure of the dashboard's tiles ("Participants": 3). */
function figure(page: Page, label: string): Locator {
  return page
    .locator('.dashboard-stats .stats__item')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

/** The number of pages of a PDF, counted from its page objects. */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
}

/**
 * Issue 24, running a season: A owns a club and makes a club card; B, C and D join and place
 * books; A opens the card's season dashboard and finds the counts in the charts' tables,
 * downloads the results as CSV and prints the card (blank, on one A4 and one Letter page, without
 * the app's chrome); B prints their own card; E joins by the club's code on a phone.
 */
test('a season: a club card, its dashboard, its results, its printed card and a join code', async ({
  browser,
  baseURL,
}) => {
  // Five readers sign up and log in through the captcha: minutes on a busy machine.
  test.setTimeout(420_000);
  const stamp = `${Date.now()}`.slice(-8);
  const a = await newReader(browser, baseURL!, `seasona${stamp}`);
  const clubName = `Lantern Club ${stamp}`;
  const cardTitle = `Lantern Season ${stamp}`;

  // A: a club and its card, then an invitation link for B, C and D.
  await a.page.goto('/clubs');
  const create = a.page.getByRole('region', { name: messages.clubs.createTitle });
  await create.getByLabel(messages.clubs.nameLabel).fill(clubName);
  await create.getByRole('button', { name: messages.clubs.create }).click();
  await expect(a.page.getByRole('heading', { level: 1, name: clubName })).toBeVisible();
  const clubId = decodeURIComponent(new URL(a.page.url()).pathname.split('/').pop() ?? '');

  await a.page.getByRole('tab', { name: messages.clubs.tabCards }).click();
  await a.page.getByRole('button', { name: messages.clubs.createCard }).click();
  const editor = a.page.getByRole('region', { name: messages.clubs.createCard });
  await editor.getByLabel(messages.clubs.cardTitleLabel).fill(cardTitle);
  await editor.getByLabel(messages.clubs.resetDateLabel).fill(aYearFromNow());
  await editor.getByRole('button', { name: messages.clubs.createCard }).click();
  await expect(toast(a.page, messages.clubs.cardCreated)).toBeVisible();
  const cardLink = a.page.getByRole('link', { name: messages.clubs.openCard(cardTitle) });
  const cardId = new URL(
    await cardLink.evaluate((link: HTMLAnchorElement) => link.href),
  ).searchParams.get('grid')!;
  expect(cardId).toBeTruthy();

  await a.page.getByRole('tab', { name: messages.clubs.tabInvites }).click();
  await a.page.getByRole('button', { name: messages.clubs.createInvite }).click();
  const linkField = a.page.getByRole('textbox', { name: messages.clubs.inviteLinkLabel });
  await expect(linkField).toHaveValue(/\/clubs\/join\/[A-Za-z0-9_-]{43}$/);
  const token = (await linkField.inputValue()).split('/').pop()!;

  // B, C and D join by the link and place books: B fills the top row (a line, 90 points),
  // C two squares (20), D one (10). Square 1 is everyone's, squares 2, 3, 4 and 6 one reader's.
  const readers = {
    b: await newReader(browser, baseURL!, `seasonb${stamp}`),
    c: await newReader(browser, baseURL!, `seasonc${stamp}`),
    d: await newReader(browser, baseURL!, `seasond${stamp}`),
  };
  for (const reader of Object.values(readers)) {
    const joined = await reader.page.request.post(`/api/club-invites/${token}`, {
      headers: { origin: baseURL! },
    });
    expect(joined.ok(), await joined.text()).toBe(true);
  }
  const { b, c, d: dee } = readers;
  await placeOnCard(b.page, cardId, { 0: 'Dune', 1: 'Hobbit', 2: 'Beloved', 3: 'Dracula' });
  await placeOnCard(c.page, cardId, { 0: 'Dune', 5: 'Frankenstein' });
  await placeOnCard(dee.page, cardId, { 0: 'Hobbit' });

  // A: the club card's "Season dashboard".
  await a.page.goto(`/clubs/${clubId}`);
  await a.page.getByRole('tab', { name: messages.clubs.tabCards }).click();
  await a.page.getByRole('link', { name: d.openDashboardOf(cardTitle) }).click();
  await expect(a.page).toHaveURL(new RegExp(`/dashboard/${cardId}$`));
  await expect(a.page.getByRole('heading', { level: 1, name: d.title(cardTitle) })).toBeVisible();
  await expect(figure(a.page, d.participants)).toHaveText('3');
  await expect(figure(a.page, d.activeThisWeek)).toHaveText('3');
  await expect(figure(a.page, d.newThisWeek)).toHaveText('3');
  await expect(figure(a.page, d.linesCompleted)).toHaveText('1');
  await expect(figure(a.page, d.readersWithLine)).toHaveText('1');
  await expect(figure(a.page, d.fullCards)).toHaveText('0');

  const squares = await chartTable(a.page, d.squaresTitle);
  expect(squares).toHaveLength(16);
  const readersPerSquare = squares.map((row) => Number(row[1]));
  expect(readersPerSquare).toEqual([3, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  // The least-filled squares (nobody's) are the hardest, and only they.
  squares.forEach((row, position) => {
    expect(row[0]!.startsWith(`${position + 1}. `), row[0]).toBe(true);
    expect(row[3]).toBe(readersPerSquare[position] === 0 ? d.hardestMark : '');
  });

  const points = await chartTable(a.page, d.pointsTitle);
  const readersIn = (range: string) => Number(points.find((row) => row[0] === range)?.[1]);
  expect(readersIn(d.pointsRange(0, 49))).toBe(2);
  expect(readersIn(d.pointsRange(50, 99))).toBe(1);
  expect(points.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(3);

  const days = await chartTable(a.page, d.daysTitle);
  expect(days.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(7);
  expect(days.map((row) => row[0])).toContain(new Date().toISOString().slice(0, 10));

  const top = await rowsOf(a.page.getByRole('region', { name: d.topTitle }).getByRole('table'));
  expect(top.map((row) => [row[0], row[1], row[2]])).toEqual([
    ['1', b.username, '90'],
    ['2', c.username, '20'],
    ['3', dee.username, '10'],
  ]);

  // A: the results as CSV, one row a reader.
  await a.page.goto(`/clubs/${clubId}`);
  await a.page.getByRole('tab', { name: messages.clubs.tabCards }).click();
  const downloadLink = a.page.getByRole('link', {
    name: messages.cardResults.downloadLabel(cardTitle),
  });
  await expect(downloadLink).toHaveText(messages.cardResults.download);
  const [download] = await Promise.all([a.page.waitForEvent('download'), downloadLink.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(messages.cardResults.header.join(','));
  const byReader = new Map(
    lines.slice(1).map((line) => {
      const cells = line.split(',');
      return [cells[0], cells.slice(1, 5)];
    }),
  );
  expect(byReader.size).toBe(3);
  const no = messages.cardResults.fullCardNo;
  expect(byReader.get(b.username)).toEqual(['4', '1', no, '90']);
  expect(byReader.get(c.username)).toEqual(['2', '0', no, '20']);
  expect(byReader.get(dee.username)).toEqual(['1', '0', no, '10']);
  for (const line of lines.slice(1)) expect(line.split(',')[5]).toMatch(/^\d{4}-\d\d-\d\dT/);

  // A: Print blank card. The browser is asked to print once; what it would print is the sheet.
  await a.page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
  await a.page.getByRole('link', { name: p.printBlankOf(cardTitle) }).click();
  await expect(a.page).toHaveURL(new RegExp(`/print/${cardId}$`));
  await expect(
    a.page.getByRole('heading', { level: 1, name: `${clubName}: ${cardTitle}` }),
  ).toBeVisible();
  await expect
    .poll(() => a.page.evaluate(() => (window as unknown as { printed: number }).printed))
    .toBe(1);
  const sheetSquares = a.page.getByRole('list', { name: p.squares }).getByRole('listitem');
  await expect(sheetSquares).toHaveCount(16);
  await expect(a.page.getByText(p.blankHint)).toBeVisible();

  await a.page.emulateMedia({ media: 'print' });
  for (const chrome of ['.app-header', '.app-footer', '.print-toolbar']) {
    await expect(a.page.locator(chrome)).toBeHidden();
  }
  await expect(a.page.getByRole('button', { name: p.print })).toBeHidden();
  await expect(sheetSquares).toHaveCount(16);
  const ink = await sheetSquares.first().evaluate((square) => {
    const challenge = square.querySelector('.print-square__challenge')!;
    const style = getComputedStyle(square);
    return {
      text: getComputedStyle(challenge).color,
      border: style.borderRightColor,
      borderWidth: parseFloat(style.borderRightWidth),
      background: getComputedStyle(document.body).backgroundColor,
    };
  });
  expect(ink.text).toBe('rgb(0, 0, 0)');
  expect(ink.border).toBe('rgb(0, 0, 0)');
  expect(ink.borderWidth).toBeGreaterThanOrEqual(1);
  expect(ink.background).toBe('rgb(255, 255, 255)');
  // One sheet of paper, A4 or Letter, at the page's own margins.
  for (const format of ['A4', 'Letter']) {
    expect(pageCount(await a.page.pdf({ format, printBackground: false })), format).toBe(1);
  }
  await a.page.emulateMedia({ media: null });

  // B: Print my card on the bingo page: their four books on their squares.
  await b.page.goto(`/bingo?grid=${cardId}`);
  await b.page.evaluate(() => {
    window.print = () => {};
  });
  await b.page.getByRole('link', { name: p.printMineOf(cardTitle) }).click();
  await expect(b.page).toHaveURL(new RegExp(`/print/${cardId}\\?filled=1$`));
  await expect(b.page.getByText(`${p.cardOf(b.username)} · ${p.filledCount(4, 16)}`)).toBeVisible();
  const bSquares = b.page.getByRole('list', { name: p.squares }).getByRole('listitem');
  for (const position of [0, 1, 2, 3]) {
    await expect(bSquares.nth(position).locator('.print-square__title')).toBeVisible();
  }
  await expect(bSquares.nth(4).locator('.print-square__title')).toHaveCount(0);

  // A makes the club's join code; E types it, in small letters, on the Clubs page of a phone.
  await a.page.goto(`/clubs/${clubId}`);
  await a.page.getByRole('tab', { name: messages.clubs.tabInvites }).click();
  await a.page.getByRole('button', { name: messages.clubCodes.create }).click();
  const shown = a.page.locator('.club-join-code__code');
  await expect(shown).toHaveText(/\S+/);
  const code = (await shown.textContent())!.trim();

  const e = await newReader(browser, baseURL!, `seasone${stamp}`, PHONE);
  await e.page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Clubs' })
    .click();
  const joinForm = e.page.getByRole('region', { name: messages.clubCodes.joinTitle });
  await joinForm.getByLabel(messages.clubCodes.joinLabel).fill(code.toLowerCase());
  await joinForm.getByRole('button', { name: messages.clubCodes.joinSubmit }).click();
  await expect(e.page.getByRole('heading', { level: 1, name: clubName })).toBeVisible();
  await expect(toast(e.page, messages.clubCodes.joined(clubName))).toBeVisible();
  await e.page.getByRole('tab', { name: messages.clubs.tabCards }).click();
  await expect(
    e.page.getByRole('link', { name: messages.clubs.openCard(cardTitle) }),
  ).toBeVisible();
  await expect(e.page.getByRole('link', { name: p.printBlankOf(cardTitle) })).toBeVisible();
  // No sideways scroll on the phone.
  const overflow = await e.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});
