import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { IMPORT_MAX_BODY_BYTES, IMPORT_MAX_ROWS } from '../../../../lib/schemas/imports';
import { apiErrorReply, mockApi } from '../../../test-utils/mock-api';
import { stubXhr } from '../testing/fake-xhr';
import {
  csvFile,
  goodreadsCsv,
  importReply,
  renderPanel,
} from '../testing/reading-history-harness';
import { readingHistoryTexts as texts } from '../texts';

async function chooseAndImport(
  app: ReturnType<typeof renderPanel>,
  file: File,
  format: string = texts.formatDetect,
) {
  await app.user.upload(screen.getByLabelText(texts.fileLabel), file);
  await app.user.selectOptions(screen.getByLabelText(texts.formatLabel), format);
  await app.user.click(screen.getByRole('button', { name: texts.importButton }));
}

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

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

  it('sends the whole file, however big, in one JSON request and sums up what it did', async () => {
    mockApi({}); // No fetch at all: the import goes through XMLHttpRequest.
    const xhr = stubXhr(() => ({
      body: importReply({
        format: 'storygraph',
        imported: { finished: 1200, wantToRead: 1, booksAdded: 2 },
        unchanged: 1,
        skipped: [{ row: 6, message: messages.imports.shelfSkipped('currently-reading') }],
        message: messages.imports.done(1200, 1),
      }),
    }));
    const app = renderPanel();
    const text = goodreadsCsv(1200);
    await chooseAndImport(app, csvFile(text), texts.formatStoryGraph);

    expect(await screen.findByText(messages.imports.done(1200, 1))).toBeInTheDocument();
    expect(xhr.requests).toHaveLength(1);
    const [request] = xhr.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/imports');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.withCredentials).toBe(false);
    expect(request?.body).toEqual({ format: 'storygraph', csv: text });

    expect(fact(texts.finished)).toHaveTextContent('1,200');
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

  it('leaves the format out for the server to detect', async () => {
    const xhr = stubXhr(() => ({ body: importReply() }));
    const app = renderPanel();
    const text = goodreadsCsv(2);
    await chooseAndImport(app, csvFile(text));

    expect(await screen.findByText(messages.imports.done(0, 0))).toBeInTheDocument();
    expect(xhr.requests[0]?.body).toEqual({ csv: text });
  });

  it('shows the upload in per cent, then that the server is importing, then the summary', async () => {
    const xhr = stubXhr();
    const app = renderPanel();
    await chooseAndImport(app, csvFile(goodreadsCsv(1200)));

    const starting = await screen.findByRole('progressbar', { name: texts.uploading(0) });
    expect(starting).toHaveAttribute('value', '0');
    const request = await xhr.next();
    await request.uploadProgress(0.4);
    const uploading = screen.getByRole('progressbar', { name: 'Uploading... 40%' });
    expect(uploading).toHaveAttribute('value', '40');
    expect(uploading).toHaveAttribute('max', '100');
    expect(screen.getByRole('button', { name: texts.importButton })).toBeDisabled();
    expect(screen.getByLabelText(texts.fileLabel)).toBeDisabled();

    await request.finishUpload();
    const importing = screen.getByRole('progressbar', { name: 'Importing 1,200 rows...' });
    expect(importing).not.toHaveAttribute('value');
    expect(screen.queryByText(/Uploading/)).not.toBeInTheDocument();

    await request.respond({
      body: importReply({ imported: { finished: 1200, wantToRead: 0, booksAdded: 0 } }),
    });
    expect(screen.getByText(messages.imports.done(1200, 0))).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.importButton })).toBeEnabled();
    expect(xhr.requests).toHaveLength(1);
  });

  it("lists a malformed file's rows and says nothing was imported", async () => {
    stubXhr(() => ({
      status: 400,
      body: {
        error: { code: 'IMPORT_INVALID', message: messages.imports.invalid },
        rows: [
          { row: 2, message: messages.imports.ratingInvalid('7') },
          { row: 1204, message: messages.imports.titleMissing },
        ],
      },
    }));
    const app = renderPanel();
    await chooseAndImport(app, csvFile(goodreadsCsv(1500)));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Nothing was imported/);
    expect(alert).toHaveTextContent(messages.imports.invalid);
    const rows = screen.getByRole('list', { name: texts.problemsHeading(2) });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      texts.row(2, messages.imports.ratingInvalid('7')),
      texts.row(1204, messages.imports.titleMissing),
    ]);
    expect(screen.queryByText(texts.summaryHeading)).not.toBeInTheDocument();
  });

  it(`refuses a file of more than ${IMPORT_MAX_ROWS} rows before sending anything`, async () => {
    mockApi({});
    const xhr = stubXhr(() => ({ body: importReply() }));
    const app = renderPanel();
    await chooseAndImport(app, csvFile(goodreadsCsv(IMPORT_MAX_ROWS + 1)));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.tooManyRows(IMPORT_MAX_ROWS + 1));
    expect(alert).toHaveTextContent('Split the export by shelf or year and import each part.');
    expect(xhr.requests).toHaveLength(0);
  });

  it('refuses a file over 5 MB, or one that grows over it as JSON, before sending anything', async () => {
    mockApi({});
    const xhr = stubXhr(() => ({ body: importReply() }));
    const app = renderPanel();

    await chooseAndImport(app, csvFile('x'.repeat(IMPORT_MAX_BODY_BYTES + 1)));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.tooLarge);
    expect(texts.tooLarge).toContain('at most 5 MB');

    // Under the limit on disk, over it once every quote is escaped for JSON.
    const quoted = goodreadsCsv(1) + '"'.repeat(IMPORT_MAX_BODY_BYTES * 0.6);
    expect(quoted.length).toBeLessThan(IMPORT_MAX_BODY_BYTES);
    await chooseAndImport(app, csvFile(quoted));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.tooLarge);
    expect(xhr.requests).toHaveLength(0);
  });

  it('says a refused request imported nothing and that trying again is safe', async () => {
    const xhr = stubXhr(() => apiErrorReply(429, messages.rateLimit.generic, 'RATE_LIMITED'));
    const app = renderPanel();
    await chooseAndImport(app, csvFile(goodreadsCsv(3)));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.rateLimit.generic);
    expect(alert).toHaveTextContent(texts.tryAgain);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: texts.importButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.rateLimit.generic);
    expect(xhr.requests).toHaveLength(2);
  });

  it('says so when the server cannot be reached', async () => {
    const xhr = stubXhr();
    const app = renderPanel();
    await chooseAndImport(app, csvFile(goodreadsCsv(3)));
    await screen.findByRole('progressbar', { name: texts.uploading(0) });

    await (await xhr.next()).failNetwork();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(messages.generic.serverError);
    expect(alert).toHaveTextContent(texts.tryAgain);
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
