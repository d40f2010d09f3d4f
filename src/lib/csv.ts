/**
 * CSV as RFC 4180 writes it: comma-separated fields, records ended by CRLF (a lone LF is
 * accepted too), fields in double quotes when they hold a comma, a quote or a line break, and
 * a quote inside them doubled. A UTF-8 byte order mark at the start is dropped (spreadsheet
 * programs write one). No dependency: the imports and exports of issue 5 need only this.
 */

/** A file that is not CSV: an unclosed quote, or text after a closing quote. */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
  constructor(
    /** The record (1 = the first, usually the header row) where the problem is. */
    readonly record: number,
    message: string,
  ) {
    super(message);
  }
}

const BOM = '\uFEFF';

/**
 * Parses CSV text into records of fields. A quote inside an unquoted field is kept as it is
 * (Goodreads' ISBN cells can arrive as `="0441172717"` unquoted); a quoted field must end with
 * a closing quote followed by a comma or the end of the record. A final line break does not
 * make an empty record.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  const length = input.length;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = '';
  };

  while (i < length) {
    const ch = input[i];
    if (ch === '"' && field === '') {
      // A quoted field: read to the closing quote; "" is one quote.
      i += 1;
      let closed = false;
      while (i < length) {
        const c = input[i];
        if (c === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          closed = true;
          i += 1;
          break;
        }
        field += c;
        i += 1;
      }
      if (!closed) {
        throw new CsvSyntaxError(records.length + 1, 'A quoted field is never closed.');
      }
      const next = input[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvSyntaxError(records.length + 1, 'Unexpected text after a closing quote.');
      }
      if (next === undefined) break;
      continue;
    }
    if (ch === ',') {
      record.push(field);
      field = '';
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && input[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += ch;
    i += 1;
  }
  // The last record, unless the text ended with a line break (or was empty).
  const last = input[length - 1];
  if (length > 0 && (record.length > 0 || field !== '' || (last !== '\n' && last !== '\r'))) {
    endRecord();
  }
  return records;
}

export type CsvCell = string | number | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field as CSV: quoted when it must be, quotes doubled; null and undefined are empty. */
export function formatCsvField(value: CsvCell, options: { guardFormulas?: boolean } = {}): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A text cell like "=HYPERLINK(...)" would run as a formula when the file is opened in a
  // spreadsheet; a leading apostrophe keeps it text. Numbers are never changed.
  if (options.guardFormulas && typeof value === 'string' && FORMULA_START.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Writes records as CSV with CRLF line ends (RFC 4180), the header being the first record. */
export function formatCsv(
  records: readonly (readonly CsvCell[])[],
  options: { guardFormulas?: boolean } = {},
): string {
  return records
    .map((record) => record.map((value) => formatCsvField(value, options)).join(','))
    .map((line) => `${line}\r\n`)
    .join('');
}
