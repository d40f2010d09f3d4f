import { expect, type Page } from '@playwright/test';

interface CardCell {
  id: string;
  position: number;
  challenge: string;
}

async function currentGridId(page: Page): Promise<string> {
  const grids = (await (await page.request.get('/api/grids')).json()) as {
    grids: { id: string; isCurrent: boolean }[];
  };
  const current = grids.grids.find((grid) => grid.isCurrent);
  if (!current) throw new Error('the e2e server has no current grid');
  return current.id;
}

function originOf(page: Page) {
  return { origin: new URL(page.url()).origin };
}

/** Clears the signed-in reader's current card through the API. */
export async function clearCard(page: Page) {
  const gridId = await currentGridId(page);
  const response = await page.request.delete(`/api/bingo/grids/${gridId}/placements`, {
    headers: originOf(page),
  });
  expect(response.ok()).toBe(true);
}

/** The ISBN of the first search result for `term` in the demo catalogue. */
export async function isbnOf(page: Page, term: string): Promise<string> {
  const found = (await (
    await page.request.get(`/api/books/search?q=${encodeURIComponent(term)}`)
  ).json()) as { books: { isbn: string | null; title: string }[] };
  const book = found.books.find((b) => b.isbn);
  if (!book?.isbn) throw new Error(`no book with an ISBN for ${term}`);
  return book.isbn;
}

/** Places books on squares (by position) through the API, as the page's Choose would. */
export async function placeBooks(page: Page, books: Record<number, string>) {
  const gridId = await currentGridId(page);
  const card = (await (await page.request.get(`/api/bingo/grids/${gridId}`)).json()) as {
    cells: CardCell[];
  };
  for (const [position, term] of Object.entries(books)) {
    const cell = card.cells.find((c) => c.position === Number(position));
    if (!cell) throw new Error(`no square ${position}`);
    const isbn = await isbnOf(page, term);
    const response = await page.request.post('/api/bingo/placements', {
      headers: originOf(page),
      data: { cellId: cell.id, isbn },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
}
