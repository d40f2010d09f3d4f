import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSearchResponse } from '../../src/lib/schemas/books';
import { loadDemoCatalogue } from '../../src/server/books/demo-catalogue';
import { call, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/test-app';

// Issue 11: local search also finds books by subject, genre and language, below title hits.
let t: TestApp;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await loadDemoCatalogue(t.app.deps.database);
  reader = await createUser(t.app);
});
afterAll(() => t.close());

async function found(q: string, limit = 40) {
  const response = await call(
    t.app,
    'GET',
    `/api/books/search?q=${encodeURIComponent(q)}&limit=${limit}`,
    { cookie: reader.cookie },
  );
  expect(response.statusCode).toBe(200);
  return response.json<BookSearchResponse>().books.map((b) => b.title);
}

describe('searching by what a square asks', () => {
  it('finds poetry by its subject', async () => {
    const titles = await found('poetry');
    expect(titles).toEqual(
      expect.arrayContaining(['Night Sky with Exit Wounds', 'Milk and Honey', 'Leaves of Grass']),
    );
  });

  it('finds fantasy, non-fiction and cookbooks by their genre words', async () => {
    const fantasy = await found('fantasy');
    expect(fantasy).toHaveLength(40);
    expect(fantasy).toEqual(expect.arrayContaining(['Elantris', 'Neverwhere']));
    const nonfiction = await found('non-fiction');
    expect(nonfiction).toHaveLength(40);
    expect(nonfiction).not.toContain('The Hobbit');
    expect(await found('cookbook')).toContain('Salt, Fat, Acid, Heat');
  });

  it("finds English editions translated from Spanish by 'Spanish'", async () => {
    const titles = await found('Spanish');
    expect(titles).toEqual(
      expect.arrayContaining(['One Hundred Years of Solitude', 'Cien años de soledad']),
    );
  });

  it('ranks a title or author hit above subject hits', async () => {
    // "History" is in titles and is the subject of many more books: titles first.
    const titles = await found('history');
    const firstSubjectOnly = titles.findIndex((title) => !/\bhistory/i.test(title));
    const lastTitleHit = titles.findLastIndex((title) => /\bhistory/i.test(title));
    expect(firstSubjectOnly).toBeGreaterThan(0);
    expect(lastTitleHit).toBeLessThan(firstSubjectOnly);
  });

  it('still answers title searches with the title first', async () => {
    expect((await found('poetry of'))[0]).toBeDefined();
    expect((await found('the hobbit'))[0]).toBe('The Hobbit');
  });
});
