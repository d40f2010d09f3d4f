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
  return Array.from(readCsvRecords(text));
}

const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * The records of CSV text one at a time, as `parseCsv` reads them, so a caller can pause
 * between records (a big import lets other requests run, issue 8). Runs of plain text are
 * copied a slice at a time rather than a character at a time.
 */
export function* readCsvRecords(text: string): Generator<string[], void, undefined> {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const length = input.length;
  let done = 0;
  let record: string[] = [];
  let field = '';
  let i = 0;

  while (i < length) {
    const ch = input.charCodeAt(i);
    if (ch === 34 && field === '') {
      // A quoted field: read to the closing quote; "" is one quote.
      i += 1;
      let closed = false;
      while (i < length) {
        const quote = input.indexOf('"', i);
        if (quote === -1) {
          i = length;
          break;
        }
        field += input.slice(i, quote);
        if (input.charCodeAt(quote + 1) === 34) {
          field += '"';
          i = quote + 2;
          continue;
        }
        closed = true;
        i = quote + 1;
        break;
      }
      if (!closed) throw new CsvSyntaxError(done + 1, 'A quoted field is never closed.');
      const next = input.charCodeAt(i);
      if (i < length && next !== COMMA && next !== LF && next !== CR) {
        throw new CsvSyntaxError(done + 1, 'Unexpected text after a closing quote.');
      }
      if (i >= length) break;
      continue;
    }
    if (ch === COMMA) {
      record.push(field);
      field = '';
      i += 1;
      continue;
    }
    if (ch === CR || ch === LF) {
      record.push(field);
      yield record;
      done += 1;
      record = [];
      field = '';
      i += ch === CR && input.charCodeAt(i + 1) === LF ? 2 : 1;
      continue;
    }
    // Plain text up to the next comma or line break, quotes included.
    let end = i + 1;
    while (end < length) {
      const c = input.charCodeAt(end);
      if (c === COMMA || c === LF || c === CR) break;
      end += 1;
    }
    field += input.slice(i, end);
    i = end;
  }
  // The last record, unless the text ended with a line break (or was empty).
  const last = input[length - 1];
  if (length > 0 && (record.length > 0 || field !== '' || (last !== '\n' && last !== '\r'))) {
    record.push(field);
    yield record;
  }
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
