import { z } from 'zod';
import { IMPORT_MAX_BODY_BYTES } from '../limits';
import { text } from './text';

// The limits live in limits.ts: the profile's reading-history texts read them without zod.
export { IMPORT_MAX_BODY_BYTES, IMPORT_MAX_ROWS } from '../limits';

export const ImportFormat = z.enum(['goodreads', 'storygraph']);
export type ImportFormat = z.infer<typeof ImportFormat>;

/** A library export to import, whole. `format` is detected from the header row when left out. */
export const ImportBody = z.object({
  format: ImportFormat.optional(),
  csv: text({ max: IMPORT_MAX_BODY_BYTES, multiline: true }),
});
export type ImportBody = z.input<typeof ImportBody>;

/** A row of the file and what happened to it; row 1 is the header, as a spreadsheet counts. */
export const ImportRowMessage = z.object({ row: z.number().int(), message: z.string() });
export type ImportRowMessage = z.infer<typeof ImportRowMessage>;

/**
 * What an import did. Counts are of rows actually added: importing the same file again adds
 * nothing, and its rows count as `unchanged`. `skipped` lists rows deliberately left out
 * (another shelf, a duplicate, a book without ISBN the catalogue does not know).
 */
export const ImportResponse = z.object({
  format: ImportFormat,
  imported: z.object({
    finished: z.number().int(),
    wantToRead: z.number().int(),
    booksAdded: z.number().int(),
  }),
  unchanged: z.number().int(),
  skipped: z.array(ImportRowMessage),
  errors: z.array(ImportRowMessage),
  message: z.string(),
});
export type ImportResponse = z.infer<typeof ImportResponse>;

/**
 * 400 for a file with any malformed row: the usual error shape plus every row at fault.
 * Nothing is imported then.
 */
export const ImportInvalidResponse = z.object({
  error: z.object({ code: z.literal('IMPORT_INVALID'), message: z.string() }),
  rows: z.array(ImportRowMessage),
});
export type ImportInvalidResponse = z.infer<typeof ImportInvalidResponse>;
