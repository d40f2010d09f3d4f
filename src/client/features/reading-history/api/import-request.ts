/**
 * The import request, built and checked in the browser before it is sent: the server takes a
 * whole file in one request and one transaction (all of it or none of it), within its body limit
 * and row limit, so a file over either is refused here, before a byte goes out.
 */
import { CsvSyntaxError, parseCsv } from '../../../../lib/csv';
import {
  IMPORT_MAX_BODY_BYTES,
  IMPORT_MAX_ROWS,
  type ImportBody,
  type ImportFormat,
} from '../../../../lib/schemas/imports';

export type PreparedImport =
  /** `rowCount` is null for text that is not valid CSV: the server reports the faulty row. */
  | { kind: 'ready'; json: string; rowCount: number | null }
  | { kind: 'tooLarge' }
  | { kind: 'tooManyRows'; rowCount: number };

/** A file too big to send whatever it holds: checked before reading it. */
export function isTooLargeToSend(file: Blob): boolean {
  return file.size > IMPORT_MAX_BODY_BYTES;
}

/**
 * Data rows as the server counts them against IMPORT_MAX_ROWS: every record after the header,
 * blank lines included (they are counted, then passed over). Null when the text is not CSV.
 */
export function countDataRows(text: string): number | null {
  try {
    return Math.max(0, parseCsv(text).length - 1);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return null;
    throw error;
  }
}

/**
 * The JSON body for one import of the whole file, or why it cannot be sent: its encoded size is
 * what the server's body limit counts (quotes and line breaks take more room as JSON).
 */
export function prepareImport(text: string, format: ImportFormat | undefined): PreparedImport {
  const body: ImportBody = format ? { format, csv: text } : { csv: text };
  const json = JSON.stringify(body);
  if (new TextEncoder().encode(json).length > IMPORT_MAX_BODY_BYTES) return { kind: 'tooLarge' };
  const rowCount = countDataRows(text);
  if (rowCount !== null && rowCount > IMPORT_MAX_ROWS) return { kind: 'tooManyRows', rowCount };
  return { kind: 'ready', json, rowCount };
}
