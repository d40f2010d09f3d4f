import { CsvSyntaxError, readCsvRecords } from '../../../lib/csv';
import { messages } from '../../../lib/messages';
import {
  IMPORT_MAX_ROWS,
  type ImportFormat,
  type ImportRowMessage,
} from '../../../lib/schemas/imports';
import { GOODREADS_REQUIRED, GOODREADS_SIGNATURE, parseGoodreadsRow } from './goodreads';
import type { ImportedBook, RowCells, RowResult } from './import-fields';
import { parseStoryGraphRow, STORYGRAPH_REQUIRED, STORYGRAPH_SIGNATURE } from './storygraph';

export type ParsedExport =
  | { ok: true; format: ImportFormat; books: ImportedBook[] }
  | { ok: false; errors: ImportRowMessage[] };

interface FormatSpec {
  label: string;
  required: readonly string[];
  signature: readonly string[];
  parseRow: (cell: RowCells, row: number) => RowResult;
}

const FORMATS: Record<ImportFormat, FormatSpec> = {
  goodreads: {
    label: 'Goodreads',
    required: GOODREADS_REQUIRED,
    signature: GOODREADS_SIGNATURE,
    parseRow: parseGoodreadsRow,
  },
  storygraph: {
    label: 'StoryGraph',
    required: STORYGRAPH_REQUIRED,
    signature: STORYGRAPH_SIGNATURE,
    parseRow: parseStoryGraphRow,
  },
};

const headerKey = (name: string) => name.trim().toLowerCase();

/** The export a header row belongs to, by the columns only that export has. */
export function detectFormat(header: readonly string[]): ImportFormat | null {
  const names = new Set(header.map(headerKey));
  const formats = Object.keys(FORMATS) as ImportFormat[];
  return formats.find((f) => FORMATS[f].signature.every((c) => names.has(headerKey(c)))) ?? null;
}

const isBlank = (record: readonly string[]) => record.every((field) => field.trim() === '');

/**
 * Reads a whole Goodreads or StoryGraph export and checks every row before anything is
 * stored: columns are found by their header names (exports add and move columns over time),
 * the format by the header row unless given. Any fault comes back as a list of row messages,
 * the header being row 1. Blank lines are passed over.
 */
export function parseLibraryExport(
  csv: string,
  options: { format?: ImportFormat } = {},
): ParsedExport {
  const steps = parseLibraryExportSteps(csv, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `parseLibraryExport` as steps: it pauses after every record, so a caller can let other
 * requests run while a 10,000-row file is read (issue 8, imports.service.ts).
 */
export function* parseLibraryExportSteps(
  csv: string,
  options: { format?: ImportFormat } = {},
): Generator<void, ParsedExport, undefined> {
  const rowNumber = (recordIndex: number) => recordIndex + 1;
  const records = readCsvRecords(csv);
  const fail = (errors: ImportRowMessage[]): ParsedExport => ({ ok: false, errors });
  try {
    const first = records.next();
    const header = first.done ? undefined : first.value;
    const format = header ? (options.format ?? detectFormat(header)) : null;
    if (!header || !format) return fail([{ row: 1, message: messages.imports.unknownFormat }]);
    const spec = FORMATS[format];
    const columns = new Map<string, number>();
    header.forEach((name, index) => {
      if (!columns.has(headerKey(name))) columns.set(headerKey(name), index);
    });
    const missing = spec.required.filter((column) => !columns.has(headerKey(column)));
    if (missing.length > 0) {
      return fail([
        { row: 1, message: messages.imports.missingColumns(spec.label, missing.join(', ')) },
      ]);
    }

    const books: ImportedBook[] = [];
    const errors: ImportRowMessage[] = [];
    let index = 0;
    for (const record of records) {
      index += 1;
      if (index > IMPORT_MAX_ROWS) {
        return fail([
          {
            row: rowNumber(IMPORT_MAX_ROWS + 1),
            message: messages.imports.tooManyRows(IMPORT_MAX_ROWS),
          },
        ]);
      }
      const row = rowNumber(index);
      yield;
      if (isBlank(record)) continue;
      if (record.length !== header.length) {
        errors.push({ row, message: messages.imports.fieldCount(record.length, header.length) });
        continue;
      }
      const cell: RowCells = (column) => record[columns.get(headerKey(column)) ?? -1] ?? '';
      const result = spec.parseRow(cell, row);
      if (result.book) books.push(result.book);
      for (const message of result.errors) errors.push({ row, message });
    }
    return errors.length > 0 ? fail(errors) : { ok: true, format, books };
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return fail([
      { row: rowNumber(error.record - 1), message: messages.imports.malformedCsv(error.message) },
    ]);
  }
}
