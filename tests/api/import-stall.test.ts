import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCsv } from '../../src/lib/csv';
import type { ImportResponse } from '../../src/lib/schemas/imports';
import { GOODREADS_COLUMNS } from '../../src/server/modules/imports/goodreads';
import { isbn13 } from '../helpers/books';
import { call, createTestApp, createUser, type TestApp } from '../helpers/test-app';

/**
 * Issue 8: one big import must not stall the server. While a 5,000-row import runs, other
 * requests are answered: GET /api/health, asked over a real socket one after another, comes
 * back many times before the import does. (No timing is asserted: only that answers came
 * while the import was still running; `npm run bench -- import` has the latency figures.)
 * Before the import ran in slices, SQLite's synchronous driver kept the event loop until the
 * whole file was in, and no health check was answered meanwhile.
 */
const ROWS = 5000;
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

function bigExport(rows: number): string {
  return formatCsv([
    GOODREADS_COLUMNS,
    ...Array.from({ length: rows }, (_, n) =>
      GOODREADS_COLUMNS.map(
        (column) =>
          ({
            'Book Id': String(n),
            Title: `Stall Test Volume ${n}`,
            Author: `Author ${n % 300}`,
            ISBN13: `="${isbn13(`979${String(810_000_000 + n)}`)}"`,
            'My Rating': String((n % 5) + 1),
            'My Review': n % 3 === 0 ? `Row ${n}, <b>bold</b> and kind.` : '',
            'Exclusive Shelf': n % 4 === 0 ? 'to-read' : 'read',
            'Date Read': '2024/01/15',
            'Date Added': '2023/12/01',
          })[column as string] ?? '',
      ),
    ),
  ]);
}

describe('a big import', () => {
  it('lets other requests be answered while it runs, and still imports every row', async () => {
    const reader = await createUser(t.app);
    const csv = bigExport(ROWS);
    let done = false;
    const importing = call(t.app, 'POST', '/api/imports', {
      cookie: reader.cookie,
      body: { csv },
    }).finally(() => {
      done = true;
    });
    let answeredMeanwhile = 0;
    while (!done) {
      const response = await fetch(`${base}/api/health`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      if (!done) answeredMeanwhile += 1;
    }
    const response = await importing;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json<ImportResponse>().imported).toEqual({
      finished: ROWS * 0.75,
      wantToRead: ROWS * 0.25,
      booksAdded: ROWS,
    });
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(10);
  });
});
