/**
 * The reading-history panel's own words (issue 5, beyond SPEC.md). The server's texts (row
 * faults, 'Nothing was imported...', the import summary) come from the message catalogue.
 */
import { formatCount as count } from '../../../lib/format';
import { IMPORT_MAX_BODY_BYTES, IMPORT_MAX_ROWS } from '../../../lib/limits';

const MAX_MB = IMPORT_MAX_BODY_BYTES / (1024 * 1024);
const SPLIT_IT = 'Split the export by shelf or year and import each part.';

export const readingHistoryTexts = {
  heading: 'Reading history',
  intro:
    'Bring your Goodreads or StoryGraph library in, or take everything you have here with you.',
  importHeading: 'Import your library',
  importHint: `Export your library from Goodreads (My Books, Import and export) or StoryGraph (Manage Account, Export), then choose the .csv file here: up to ${MAX_MB} MB and ${count(IMPORT_MAX_ROWS)} books. Every row is checked first, and if one has a problem nothing is imported. Importing the same file twice changes nothing.`,
  fileLabel: 'Library export (.csv)',
  formatLabel: 'Format',
  formatGoodreads: 'Goodreads',
  formatStoryGraph: 'StoryGraph',
  formatDetect: 'Detect automatically',
  importButton: 'Import',
  reading: 'Reading the file...',
  unreadable: 'This file could not be read. Please choose it again.',
  tooLarge: `This file is too large to import: one import can take at most ${MAX_MB} MB. ${SPLIT_IT}`,
  tooManyRows: (rows: number) =>
    `This file has ${count(rows)} rows: one import can take at most ${count(IMPORT_MAX_ROWS)}. ${SPLIT_IT}`,
  uploading: (percent: number) => `Uploading... ${percent}%`,
  importing: (rows: number | null) =>
    rows === null
      ? 'Importing your library...'
      : `Importing ${count(rows)} ${rows === 1 ? 'row' : 'rows'}...`,
  summaryHeading: 'What was imported',
  finished: 'Finished books',
  wantToRead: 'Want to read',
  booksAdded: 'Books added to the catalogue',
  unchanged: 'Unchanged (already in your library)',
  skipped: 'Skipped rows',
  skippedHeading: (n: number) => `Skipped rows (${count(n)})`,
  problemsHeading: (n: number) => `Rows to fix (${count(n)})`,
  row: (row: number, message: string) => `Row ${count(row)}: ${message}`,
  tryAgain: 'You can import the same file again: books already imported are left as they are.',
  exportHeading: 'Download your data',
  exportHint: 'Everything you own here, or your finished books in a spreadsheet-friendly file.',
  exportJson: 'Download all my data (JSON)',
  exportCsv: 'Download finished books (CSV)',
} as const;
