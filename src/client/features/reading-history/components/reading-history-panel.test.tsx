import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import type { ImportBody } from '../../../../lib/schemas/imports';
import { apiErrorReply, mockApi, type MockReply } from '../../../test-utils/mock-api';
import { IMPORT_CHUNK_ROWS } from '../api/import-plan';
import {
  csvFile,
  goodreadsCsv,
  importReply,
  renderPanel,
} from '../testing/reading-history-harness';
import { readingHistoryTexts as texts } from '../texts';

const IMPORT = 'POST /api/imports';

/** Data rows in a request's CSV (the header excluded); none of the test rows span lines. */
function rowsIn(body: unknown): number {
  const { csv } = body as ImportBody;
  return csv.trim().split('\n').length - 1 - (csv.includes('"Prickly, and\nlovely"') ? 1 : 0);
}

/** A server that imports every row it gets as a finished book. */
function importingServer(reply: (body: ImportBody) => MockReply | Promise<MockReply> = () => ({})) {
  return async ({ body }: { body: unknown }): Promise<MockReply> => {
    const custom = await reply(body as ImportBody);
    if (custom.status) return custom;
    const finished = rowsIn(body);
    return {
      body: importReply({
        imported: { finished, wantToRead: 0, booksAdded: finished },
        message: messages.imports.done(finished, 0),
      }),
    };
  };
}

async function chooseAndImport(
  app: ReturnType<typeof renderPanel>,
  text: string,
  format: string = texts.formatDetect,
) {
  await app.user.upload(screen.getByLabelText(texts.fileLabel), csvFile(text));
  await app.user.selectOptions(screen.getByLabelText(texts.formatLabel), format);
  await app.user.click(screen.getByRole('button', { name: texts.importButton }));
}

describe('ReadingHistoryPanel: import', () => {
  it('offers Goodreads, StoryGraph and automatic detection, and waits for a file', () => {
    renderPanel();
    const select = screen.getByLabelText(texts.formatLabel);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Goodreads', 'StoryGraph', 'Detect automatically']);
    expect(select).toHaveValue('detect');
    expect(screen.getByLabelText(texts.fileLabel)).toHaveAttribute('accept', '.csv,text/csv');
    expect(screen.getByRole('button', { name: texts.importButton })).toBeDisabled();
  });

  it('sends a small file in one request and sums up what it did', async () => {
    const api = mockApi({
      [IMPORT]: {
        body: importReply({
          format: 'storygraph',
          imported: { finished: 3, wantToRead: 1, booksAdded: 2 },
          unchanged: 1,
          skipped: [{ row: 6, message: messages.imports.shelfSkipped('currently-reading') }],
          message: messages.imports.done(3, 1),
        }),
      },
    });
    const app = renderPanel();
    const text = goodreadsCsv(5);
    await chooseAndImport(app, text, texts.formatStoryGraph);

    expect(await screen.findByText(messages.imports.done(3, 1))).toBeInTheDocument();
    expect(api.requestsTo(IMPORT)).toHaveLength(1);
    expect(api.requestsTo(IMPORT)[0]?.body).toEqual({
      csv: text,
      rowOffset: 0,
      format: 'storygraph',
    });
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact(texts.finished)).toHaveTextContent('3');
    expect(fact(texts.wantToRead)).toHaveTextContent('1');
    expect(fact(texts.booksAdded)).toHaveTextContent('2');
    expect(fact(texts.unchanged)).toHaveTextContent('1');
    expect(fact(texts.skipped)).toHaveTextContent('1');
    expect(
      within(screen.getByRole('list', { name: texts.skipped })).getByText(
        texts.row(6, messages.imports.shelfSkipped('currently-reading')),
      ),
    ).toBeInTheDocument();
  });

  it('sends a big file in chunks with the header and row offset, showing progress', async () => {
    let releaseSecond: () => void = () => {};
    const secondHeld = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    const api = mockApi({
      [IMPORT]: importingServer(async (body) => {
        if (body.rowOffset === IMPORT_CHUNK_ROWS) await secondHeld;
        return {};
      }),
    });
    const app = renderPanel();
    await chooseAndImport(app, goodreadsCsv(1200));

    const progress = await screen.findByRole('progressbar', {
      name: texts.progress(500, 1200),
    });
    expect(screen.getByText('Imported 500 of 1,200 rows')).toBeInTheDocument();
    expect(progress).toHaveAttribute('value', '500');
    expect(progress).toHaveAttribute('max', '1200');
    releaseSecond();

    expect(await screen.findByText(messages.imports.done(1200, 0))).toBeInTheDocument();
    const requests = api.requestsTo(IMPORT).map((r) => r.body as ImportBody);
    expect(requests.map((body) => [body.rowOffset, rowsIn(body)])).toEqual([
      [0, 500],
      [500, 500],
      [1000, 200],
    ]);
    expect(requests.every((body) => body.csv.startsWith('Book Id,Title,Author'))).toBe(true);
    // Detected on the first chunk, the format is named for the rest.
    expect(requests.map((body) => body.format)).toEqual([undefined, 'goodreads', 'goodreads']);
  });

  it("lists a malformed file's rows and says nothing was imported", async () => {
    mockApi({
      [IMPORT]: {
        status: 400,
        body: {
          error: { code: 'IMPORT_INVALID', message: messages.imports.invalid },
          rows: [
            { row: 2, message: messages.imports.ratingInvalid('7') },
            { row: 4, message: messages.imports.titleMissing },
          ],
        },
      },
    });
    const app = renderPanel();
    await chooseAndImport(app, goodreadsCsv(4));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.imports.invalid);
    const rows = within(alert).getByRole('list', { name: texts.problemsHeading });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      texts.row(2, messages.imports.ratingInvalid('7')),
      texts.row(4, messages.imports.titleMissing),
    ]);
    expect(screen.queryByText(texts.summaryHeading)).not.toBeInTheDocument();
  });

  it('says which rows went in and which did not when a middle chunk has faulty rows', async () => {
    mockApi({
      [IMPORT]: importingServer((body) =>
        body.rowOffset === 1000
          ? {
              status: 400,
              body: {
                error: { code: 'IMPORT_INVALID', message: messages.imports.invalid },
                rows: [{ row: 1203, message: messages.imports.titleMissing }],
              },
            }
          : {},
      ),
    });
    const app = renderPanel();
    await chooseAndImport(app, goodreadsCsv(2000));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.rowsImported(2, 1001));
    expect(alert).not.toHaveTextContent(messages.imports.invalid);
    expect(alert).toHaveTextContent(texts.rowsRefused(1002, 1501));
    expect(alert).toHaveTextContent(texts.rowsUnchecked(1502, 2001));
    expect(alert).toHaveTextContent(texts.row(1203, messages.imports.titleMissing));
    expect(screen.getByText('Imported 1,000 of 2,000 rows')).toBeInTheDocument();
    const fact = screen.getByText(texts.finished, { selector: 'dt' }).nextElementSibling;
    expect(fact).toHaveTextContent('1,000');
  });

  it('can send the remaining rows again after a chunk fails on the server', async () => {
    let failOnce = true;
    const api = mockApi({
      [IMPORT]: importingServer((body) => {
        if (body.rowOffset !== 500 || !failOnce) return {};
        failOnce = false;
        return apiErrorReply(429, messages.rateLimit.generic, 'RATE_LIMITED');
      }),
    });
    const app = renderPanel();
    await chooseAndImport(app, goodreadsCsv(1200));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.rateLimit.generic);
    expect(alert).toHaveTextContent(texts.rowsImported(2, 501));
    expect(alert).toHaveTextContent(texts.rowsNotImported(502, 1201));

    await app.user.click(screen.getByRole('button', { name: texts.resume }));
    expect(await screen.findByText(messages.imports.done(1200, 0))).toBeInTheDocument();
    expect(api.requestsTo(IMPORT).map((r) => (r.body as ImportBody).rowOffset)).toEqual([
      0, 500, 500, 1000,
    ]);
  });
});

describe('ReadingHistoryPanel: export', () => {
  it('links to both downloads', () => {
    renderPanel();
    expect(screen.getByRole('link', { name: texts.exportJson })).toHaveAttribute(
      'href',
      '/api/exports/me.json',
    );
    const csv = screen.getByRole('link', { name: texts.exportCsv });
    expect(csv).toHaveAttribute('href', '/api/exports/finished-books.csv');
    expect(csv).toHaveAttribute('download');
  });
});
