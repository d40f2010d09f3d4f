/**
 * The reading-history panel's own words (issue 5, beyond SPEC.md). The server's texts (row
 * faults, 'Nothing was imported...', the import summary) come from the message catalogue.
 */
const count = (n: number) => n.toLocaleString('en-US');

export const readingHistoryTexts = {
  heading: 'Reading history',
  intro:
    'Bring your Goodreads or StoryGraph library in, or take everything you have here with you.',
  importHeading: 'Import your library',
  importHint:
    'Export your library from Goodreads (My Books, Import and export) or StoryGraph (Manage Account, Export), then choose the .csv file here. Importing the same file twice changes nothing.',
  fileLabel: 'Library export (.csv)',
  formatLabel: 'Format',
  formatGoodreads: 'Goodreads',
  formatStoryGraph: 'StoryGraph',
  formatDetect: 'Detect automatically',
  importButton: 'Import',
  reading: 'Reading the file...',
  unreadable: 'This file could not be read. Please choose it again.',
  progress: (done: number, total: number) => `Imported ${count(done)} of ${count(total)} rows`,
  summaryHeading: 'What was imported',
  finished: 'Finished books',
  wantToRead: 'Want to read',
  booksAdded: 'Books added to the catalogue',
  unchanged: 'Unchanged (already in your library)',
  skipped: 'Skipped rows',
  skippedHeading: (n: number) => `Skipped rows (${count(n)})`,
  problemsHeading: 'Rows to fix',
  row: (row: number, message: string) => `Row ${count(row)}: ${message}`,
  rowsImported: (first: number, last: number) =>
    `Rows ${count(first)} to ${count(last)} were imported.`,
  nothingImported: 'Nothing was imported.',
  rowsRefused: (first: number, last: number) =>
    `Rows ${count(first)} to ${count(last)} have the problems listed below, so nothing from row ${count(first)} on was imported.`,
  rowsUnchecked: (first: number, last: number) =>
    `Rows ${count(first)} to ${count(last)} were not sent, so they have not been checked yet.`,
  fixAndRetry:
    'Fix these rows and import the whole file again: rows already imported stay as they are and count as unchanged.',
  rowsNotImported: (first: number, last: number) =>
    `Rows ${count(first)} to ${count(last)} were not imported.`,
  resume: 'Import the remaining rows',
  exportHeading: 'Download your data',
  exportHint: 'Everything you own here, or your finished books in a spreadsheet-friendly file.',
  exportJson: 'Download all my data (JSON)',
  exportCsv: 'Download finished books (CSV)',
} as const;
