import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BODY_BYTES, IMPORT_MAX_ROWS } from '../../../../lib/schemas/imports';
import { goodreadsCsv } from '../testing/reading-history-harness';
import { countDataRows, isTooLargeToSend, prepareImport } from './import-request';

describe('countDataRows', () => {
  it('counts records after the header as the server does: blank lines too, not line breaks in a field', () => {
    // Row 1 of goodreadsCsv holds a review with a line break.
    expect(countDataRows(goodreadsCsv(3))).toBe(3);
    expect(countDataRows(`${goodreadsCsv(3)}\n\n`)).toBe(5);
    expect(countDataRows('')).toBe(0);
  });

  it('gives up on text that is not CSV, for the server to say which row is wrong', () => {
    expect(countDataRows(`${goodreadsCsv(2)}3,"Unclosed\n`)).toBeNull();
  });
});

describe('prepareImport', () => {
  it('puts the whole file in one body, with the format only when one was chosen', () => {
    const text = goodreadsCsv(3);
    expect(prepareImport(text, 'goodreads')).toEqual({
      kind: 'ready',
      json: JSON.stringify({ format: 'goodreads', csv: text }),
      rowCount: 3,
    });
    expect(prepareImport(text, undefined)).toMatchObject({
      json: JSON.stringify({ csv: text }),
    });
  });

  it(`takes ${IMPORT_MAX_ROWS} rows and refuses one more`, () => {
    expect(prepareImport(goodreadsCsv(IMPORT_MAX_ROWS), undefined)).toMatchObject({
      kind: 'ready',
      rowCount: IMPORT_MAX_ROWS,
    });
    expect(prepareImport(goodreadsCsv(IMPORT_MAX_ROWS + 1), undefined)).toEqual({
      kind: 'tooManyRows',
      rowCount: IMPORT_MAX_ROWS + 1,
    });
  });

  it('measures the body the server will count: JSON, in UTF-8 bytes', () => {
    const header = 'Title\n';
    // Characters of three bytes each: 2 MB of text, over 5 MB sent.
    const wide = header + '€'.repeat(2 * 1024 * 1024);
    expect(prepareImport(wide, undefined)).toEqual({ kind: 'tooLarge' });
    // Just under the limit once wrapped in {"csv":"..."}.
    const fits = header + 'a'.repeat(IMPORT_MAX_BODY_BYTES - header.length - 20);
    expect(prepareImport(fits, undefined)).toMatchObject({ kind: 'ready', rowCount: 1 });
  });
});

describe('isTooLargeToSend', () => {
  it('refuses a file over the body limit before it is read', () => {
    expect(isTooLargeToSend(new Blob(['a'.repeat(IMPORT_MAX_BODY_BYTES)]))).toBe(false);
    expect(isTooLargeToSend(new Blob(['a'.repeat(IMPORT_MAX_BODY_BYTES + 1)]))).toBe(true);
  });
});
