import { TEXT_FIELD_MAX } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import {
  joinNameCells,
  parseAverageRating,
  parseIsbnCell,
  parsePageCount,
  parseYear,
  plainOrNull,
  readCommonFields,
  textOrNull,
  type RatingResult,
  type RowCells,
  type RowResult,
} from './import-fields';

/** The columns of a Goodreads library export ("My Books", Export Library), in its order. */
export const GOODREADS_COLUMNS = [
  'Book Id',
  'Title',
  'Author',
  'Author l-f',
  'Additional Authors',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Average Rating',
  'Publisher',
  'Binding',
  'Number of Pages',
  'Year Published',
  'Original Publication Year',
  'Date Read',
  'Date Added',
  'Bookshelves',
  'Bookshelves with positions',
  'Exclusive Shelf',
  'My Review',
  'Spoiler',
  'Private Notes',
  'Read Count',
  'Owned Copies',
] as const;

/** The columns an import reads; the others may be missing. */
export const GOODREADS_REQUIRED = [
  'Title',
  'Author',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Exclusive Shelf',
  'Date Read',
  'Date Added',
] as const;

/** Headers only a Goodreads export has. */
export const GOODREADS_SIGNATURE = ['Book Id', 'Exclusive Shelf'] as const;

/** My Rating: 0 to 5 whole stars, 0 (or empty) meaning unrated. */
function parseGoodreadsRating(value: string): RatingResult {
  const text = value.trim();
  if (text === '' || text === '0') return { value: null };
  if (/^[1-5]$/.test(text)) return { value: Number(text) };
  return { error: messages.imports.ratingInvalid(text) };
}

/** Reads one row of a Goodreads export. */
export function parseGoodreadsRow(cell: RowCells, row: number): RowResult {
  const common = readCommonFields(
    cell,
    { rating: 'My Rating', finishedAt: 'Date Read', shelf: 'Exclusive Shelf' },
    parseGoodreadsRating,
  );
  if (!common.fields) return { book: null, errors: common.errors };

  // ISBN13 first; an edition with only an ISBN-10 is converted.
  const fromIsbn13 = parseIsbnCell(cell('ISBN13'));
  const isbns = fromIsbn13.isbn ? fromIsbn13 : parseIsbnCell(cell('ISBN'));
  return {
    book: {
      row,
      ...common.fields,
      authors: joinNameCells(cell('Author'), cell('Additional Authors')),
      ...isbns,
      review: textOrNull(cell('My Review')),
      publisher: plainOrNull(cell('Publisher'))?.slice(0, TEXT_FIELD_MAX) ?? null,
      pageCount: parsePageCount(cell('Number of Pages')),
      publishedDate:
        parseYear(cell('Year Published')) ?? parseYear(cell('Original Publication Year')),
      averageRating: parseAverageRating(cell('Average Rating')),
    },
    errors: [],
  };
}
