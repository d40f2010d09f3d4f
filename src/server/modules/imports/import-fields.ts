import { isValidIsbn10, normalizeIsbn } from '../../../lib/isbn';
import { TEXT_FIELD_MAX } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import { isbn13To10, UNKNOWN_AUTHOR } from '../../books/book-record';
import { toPlainText } from '../profile/plain-text';

/** Where a row goes: the finished books, the want-to-read list, or nowhere. */
export type ImportShelf = 'read' | 'to-read' | 'other';

/** One row of a library export, read and checked; no database involved yet. */
export interface ImportedBook {
  /** The row's number in the file, the header being row 1. */
  row: number;
  shelf: ImportShelf;
  /** The shelf or status as the file names it. */
  shelfName: string;
  title: string;
  /** Comma-joined names, 'Unknown' when the file has none. */
  authors: string;
  /** A valid ISBN-13 (an ISBN-10 converted), or null when the row has none. */
  isbn: string | null;
  isbn10: string | null;
  /** 1-5 stars, or null when unrated. */
  rating: number | null;
  /** ISO timestamps (midnight UTC of the day), or null. */
  finishedAt: string | null;
  addedAt: string | null;
  review: string | null;
  publisher: string | null;
  pageCount: number | null;
  publishedDate: string | null;
  averageRating: number | null;
}

/** A row read: the book, or every problem found in it. */
export type RowResult = { book: ImportedBook; errors: [] } | { book: null; errors: string[] };

/** The row's cells by header name (trimmed, any case). */
export type RowCells = (column: string) => string;

/** A rating cell read by its export's own rule: 1-5 stars, null when unrated, or a message. */
export type RatingResult = { value: number | null } | { error: string };

/** The fields every export has, read and checked the same way whatever the format. */
export type CommonFields = Pick<
  ImportedBook,
  'title' | 'rating' | 'finishedAt' | 'addedAt' | 'shelf' | 'shelfName'
>;

/**
 * Where a row goes by its shelf or read status: 'read' and 'to-read' as both exports name them;
 * anything else (currently-reading, did-not-finish, a shelf the reader made, a status StoryGraph
 * adds later) goes nowhere.
 */
function shelfOf(shelfName: string): ImportShelf {
  switch (shelfName.trim().toLowerCase()) {
    case 'read':
      return 'read';
    case 'to-read':
      return 'to-read';
    default:
      return 'other';
  }
}

/**
 * Reads the cells every export has, each format naming its own rating, finished-date and shelf
 * columns: the title, the rating (by the format's `parseRating`), the days finished and added,
 * and the shelf. Every problem found is listed, in that order.
 */
export function readCommonFields(
  cell: RowCells,
  columns: { rating: string; finishedAt: string; shelf: string },
  parseRating: (value: string) => RatingResult,
): { fields: CommonFields; errors: [] } | { fields: null; errors: string[] } {
  const errors: string[] = [];
  const title = plainCell(cell('Title'));
  if (title === '') errors.push(messages.imports.titleMissing);
  else if (title.length > TEXT_FIELD_MAX) errors.push(messages.generic.textTooLong);
  const rating = parseRating(cell(columns.rating));
  if ('error' in rating) errors.push(rating.error);
  const finishedAt = parseExportDate(cell(columns.finishedAt), columns.finishedAt);
  if ('error' in finishedAt) errors.push(finishedAt.error);
  const addedAt = parseExportDate(cell('Date Added'), 'Date Added');
  if ('error' in addedAt) errors.push(addedAt.error);
  if ('error' in rating || 'error' in finishedAt || 'error' in addedAt || errors.length > 0) {
    return { fields: null, errors };
  }
  const shelfName = cell(columns.shelf).trim();
  return {
    fields: {
      title,
      rating: rating.value,
      finishedAt: finishedAt.value,
      addedAt: addedAt.value,
      shelf: shelfOf(shelfName),
      shelfName,
    },
    errors: [],
  };
}

/**
 * Goodreads writes ISBNs as spreadsheet formulas, ="0441172717", so a spreadsheet keeps the
 * leading zero; an empty one is ="".
 */
export function unwrapSpreadsheetText(value: string): string {
  const match = /^="(.*)"$/s.exec(value.trim());
  return (match ? match[1]! : value).trim();
}

/** The ISBN-13 and ISBN-10 of a cell, or nulls when it holds no valid ISBN (another id). */
export function parseIsbnCell(value: string): { isbn: string | null; isbn10: string | null } {
  const cleaned = unwrapSpreadsheetText(value).replace(/[\s-]/g, '').toUpperCase();
  const isbn = cleaned === '' ? null : normalizeIsbn(cleaned);
  if (!isbn) return { isbn: null, isbn10: null };
  return { isbn, isbn10: isValidIsbn10(cleaned) ? cleaned : isbn13To10(isbn) };
}

/**
 * A date as both exports write it, 2023/05/14 (2023-05-14 is taken too), as midnight UTC.
 * Empty is null; anything else, or a day not on the calendar, is an error message.
 */
export function parseExportDate(
  value: string,
  column: string,
): { value: string | null } | { error: string } {
  const text = value.trim();
  if (text === '') return { value: null };
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(text);
  if (match) {
    const [, year, month, day] = match;
    const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
    const date = new Date(`${iso}T00:00:00.000Z`);
    if (!Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso)) {
      return { value: date.toISOString() };
    }
  }
  return { error: messages.imports.dateInvalid(column, text) };
}

/** A whole number of pages, or null (a missing or odd page count is no reason to refuse). */
export function parsePageCount(value: string): number | null {
  const text = value.trim();
  return /^\d{1,6}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/** A four-digit year, or null. */
export function parseYear(value: string): string | null {
  const text = value.trim();
  return /^\d{4}$/.test(text) && text !== '0000' ? text : null;
}

/** An average rating like 4.33, or null when missing, 0 (nobody rated it) or above 5. */
export function parseAverageRating(value: string): number | null {
  const text = value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const rating = Number(text);
  return rating > 0 && rating <= 5 ? rating : null;
}

/**
 * A cell as plain text (issue 8): a file is not a trusted source, so tags are removed and
 * entities decoded before a title, name or publisher can reach the shared catalogue. Most
 * cells hold neither '<' nor '&' and skip the HTML parser.
 */
export function plainCell(value: string): string {
  return /[<&]/.test(value) ? toPlainText(value) : value.trim();
}

/** A cell as plain text, or null when nothing is left. */
export function plainOrNull(value: string): string | null {
  return plainCell(value) || null;
}

/**
 * The distinct names of comma-separated cells as plain text, comma-joined and cut to
 * TEXT_FIELD_MAX; 'Unknown' when there are none.
 */
export function joinNameCells(...cells: string[]): string {
  const names = cells
    .map(plainCell)
    .flatMap((cell) => cell.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.length > 0
    ? [...new Set(names)].join(', ').slice(0, TEXT_FIELD_MAX)
    : UNKNOWN_AUTHOR;
}

/** A trimmed cell, or null when empty. */
export function textOrNull(value: string): string | null {
  const text = value.trim();
  return text === '' ? null : text;
}
