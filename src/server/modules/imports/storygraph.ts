import { RATING_MAX, RATING_MIN } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import {
  parseExportDate,
  parseIsbnCell,
  splitNames,
  textOrNull,
  type ImportShelf,
  type RowCells,
  type RowResult,
} from './import-fields';

/** The columns of a StoryGraph export (Manage Account, Export StoryGraph Library), in order. */
export const STORYGRAPH_COLUMNS = [
  'Title',
  'Authors',
  'Contributors',
  'ISBN/UID',
  'Format',
  'Read Status',
  'Date Added',
  'Last Date Read',
  'Dates Read',
  'Read Count',
  'Moods',
  'Pace',
  'Character- or Plot-Driven?',
  'Strong Character Development?',
  'Loveable Characters?',
  'Diverse Characters?',
  'Flawed Characters?',
  'Star Rating',
  'Review',
  'Content Warnings',
  'Content Warning Description',
  'Tags',
  'Owned?',
] as const;

/** The columns an import reads; the others may be missing. */
export const STORYGRAPH_REQUIRED = [
  'Title',
  'Authors',
  'ISBN/UID',
  'Read Status',
  'Date Added',
  'Last Date Read',
  'Star Rating',
] as const;

/** Headers only a StoryGraph export has. */
export const STORYGRAPH_SIGNATURE = ['ISBN/UID', 'Read Status'] as const;

function shelfOf(readStatus: string): ImportShelf {
  switch (readStatus.trim().toLowerCase()) {
    case 'read':
      return 'read';
    case 'to-read':
      return 'to-read';
    default:
      // currently-reading, did-not-finish, and any status StoryGraph adds later.
      return 'other';
  }
}

/**
 * Star Rating: quarter stars from 0 to 5 (4.5, 3.75) or empty. Rounded to the nearest whole
 * star, never below one (a quarter star is still a rating); 0 or empty is unrated.
 */
export function parseStoryGraphRating(value: string): { value: number | null } | { error: string } {
  const text = value.trim();
  if (text === '') return { value: null };
  const stars = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!(stars >= 0 && stars <= RATING_MAX)) return { error: messages.imports.ratingInvalid(text) };
  if (stars === 0) return { value: null };
  return { value: Math.min(RATING_MAX, Math.max(RATING_MIN, Math.round(stars))) };
}

/**
 * Reads one row of a StoryGraph export. ISBN/UID holds an ISBN or StoryGraph's own id; a row
 * with an id only is kept (without ISBN) to be matched by title and author.
 */
export function parseStoryGraphRow(cell: RowCells, row: number): RowResult {
  const errors: string[] = [];
  const title = cell('Title').trim();
  if (title === '') errors.push(messages.imports.titleMissing);
  const rating = parseStoryGraphRating(cell('Star Rating'));
  if ('error' in rating) errors.push(rating.error);
  const lastRead = parseExportDate(cell('Last Date Read'), 'Last Date Read');
  if ('error' in lastRead) errors.push(lastRead.error);
  const dateAdded = parseExportDate(cell('Date Added'), 'Date Added');
  if ('error' in dateAdded) errors.push(dateAdded.error);
  if ('error' in rating || 'error' in lastRead || 'error' in dateAdded || errors.length > 0) {
    return { book: null, errors };
  }

  const authors = splitNames(cell('Authors'));
  const shelfName = cell('Read Status').trim();
  return {
    book: {
      row,
      shelf: shelfOf(shelfName),
      shelfName,
      title,
      authors: authors.length > 0 ? [...new Set(authors)].join(', ') : 'Unknown',
      ...parseIsbnCell(cell('ISBN/UID')),
      rating: rating.value,
      finishedAt: lastRead.value,
      addedAt: dateAdded.value,
      review: textOrNull(cell('Review')),
      publisher: null,
      pageCount: null,
      publishedDate: null,
      averageRating: null,
    },
    errors: [],
  };
}
