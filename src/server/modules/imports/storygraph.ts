import { RATING_MAX, RATING_MIN } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import {
  joinNameCells,
  parseIsbnCell,
  readCommonFields,
  textOrNull,
  type RatingResult,
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

/**
 * Star Rating: quarter stars from 0 to 5 (4.5, 3.75) or empty. Rounded to the nearest whole
 * star, never below one (a quarter star is still a rating); 0 or empty is unrated.
 */
export function parseStoryGraphRating(value: string): RatingResult {
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
  const common = readCommonFields(
    cell,
    { rating: 'Star Rating', finishedAt: 'Last Date Read', shelf: 'Read Status' },
    parseStoryGraphRating,
  );
  if (!common.fields) return { book: null, errors: common.errors };

  return {
    book: {
      row,
      ...common.fields,
      authors: joinNameCells(cell('Authors')),
      ...parseIsbnCell(cell('ISBN/UID')),
      review: textOrNull(cell('Review')),
      publisher: null,
      pageCount: null,
      publishedDate: null,
      averageRating: null,
    },
    errors: [],
  };
}
