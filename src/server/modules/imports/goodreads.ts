import { messages } from '../../../lib/messages';
import {
  parseAverageRating,
  parseExportDate,
  parseIsbnCell,
  parsePageCount,
  parseYear,
  splitNames,
  textOrNull,
  type ImportShelf,
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

function shelfOf(exclusiveShelf: string): ImportShelf {
  switch (exclusiveShelf.trim().toLowerCase()) {
    case 'read':
      return 'read';
    case 'to-read':
      return 'to-read';
    default:
      // currently-reading, and any exclusive shelf the reader made themselves.
      return 'other';
  }
}

/** My Rating: 0 to 5 whole stars, 0 (or empty) meaning unrated. */
function parseGoodreadsRating(value: string): { value: number | null } | { error: string } {
  const text = value.trim();
  if (text === '' || text === '0') return { value: null };
  if (/^[1-5]$/.test(text)) return { value: Number(text) };
  return { error: messages.imports.ratingInvalid(text) };
}

/** Reads one row of a Goodreads export. */
export function parseGoodreadsRow(cell: RowCells, row: number): RowResult {
  const errors: string[] = [];
  const title = cell('Title').trim();
  if (title === '') errors.push(messages.imports.titleMissing);
  const rating = parseGoodreadsRating(cell('My Rating'));
  if ('error' in rating) errors.push(rating.error);
  const dateRead = parseExportDate(cell('Date Read'), 'Date Read');
  if ('error' in dateRead) errors.push(dateRead.error);
  const dateAdded = parseExportDate(cell('Date Added'), 'Date Added');
  if ('error' in dateAdded) errors.push(dateAdded.error);
  if ('error' in rating || 'error' in dateRead || 'error' in dateAdded || errors.length > 0) {
    return { book: null, errors };
  }

  // ISBN13 first; an edition with only an ISBN-10 is converted.
  const fromIsbn13 = parseIsbnCell(cell('ISBN13'));
  const isbns = fromIsbn13.isbn ? fromIsbn13 : parseIsbnCell(cell('ISBN'));
  const authors = splitNames(cell('Author'), cell('Additional Authors'));
  const shelfName = cell('Exclusive Shelf').trim();
  return {
    book: {
      row,
      shelf: shelfOf(shelfName),
      shelfName,
      title,
      authors: authors.length > 0 ? [...new Set(authors)].join(', ') : 'Unknown',
      ...isbns,
      rating: rating.value,
      finishedAt: dateRead.value,
      addedAt: dateAdded.value,
      review: textOrNull(cell('My Review')),
      publisher: textOrNull(cell('Publisher')),
      pageCount: parsePageCount(cell('Number of Pages')),
      publishedDate:
        parseYear(cell('Year Published')) ?? parseYear(cell('Original Publication Year')),
      averageRating: parseAverageRating(cell('Average Rating')),
    },
    errors: [],
  };
}
