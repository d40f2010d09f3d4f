import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isValidIsbn13 } from '../../lib/isbn';
import type { DatabaseHandle } from '../db/database';
import { createBooksRepository } from '../modules/books/books.repository';
import {
  cleanCategories,
  cleanText,
  genreOf,
  isbn13To10,
  joinAuthors,
  normalisePublishedDate,
  positiveIntOrNull,
  yearOrNull,
  type NormalisedBook,
} from './book-record';
import { normaliseLanguage } from './book-facets';

/** The bundled catalogue the local search answers from, offline included. */
export const DEMO_CATALOGUE_FILE = fileURLToPath(
  new URL('./data/demo-catalogue.json', import.meta.url),
);

/** One entry of demo-catalogue.json. */
export const DemoCatalogueEntry = z.object({
  isbn13: z.string().refine(isValidIsbn13, 'not a valid ISBN-13'),
  title: z.string().trim().min(1),
  authors: z.array(z.string()),
  year: z.number().int().nullable().optional(),
  /** The work's first publication year; left out where not certain (issue 11). */
  firstPublished: z.number().int().nullable().optional(),
  pages: z.number().int().nullable().optional(),
  language: z.string().nullable().optional(),
  /** The language the work was first written in (ISO 639-1). */
  originalLanguage: z.string().nullable().optional(),
  categories: z.array(z.string()).default([]),
  publisher: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
});
export type DemoCatalogueEntry = z.input<typeof DemoCatalogueEntry>;

function toBook(entry: z.output<typeof DemoCatalogueEntry>): NormalisedBook & { isbn: string } {
  const categories = cleanCategories(entry.categories);
  return {
    isbn: entry.isbn13,
    isbn10: isbn13To10(entry.isbn13),
    title: entry.title,
    authors: joinAuthors(entry.authors),
    categories,
    genre: genreOf(categories),
    description: cleanText(entry.description),
    publisher: cleanText(entry.publisher),
    publishedDate: normalisePublishedDate(entry.year),
    pageCount: positiveIntOrNull(entry.pages),
    language: cleanText(entry.language),
    coverUrl: null,
    averageRating: null,
    ratingsCount: null,
    source: 'demo',
    subjects: categories,
    firstPublishedYear: yearOrNull(entry.firstPublished),
    originalLanguage: normaliseLanguage(entry.originalLanguage),
  };
}

export interface CatalogueLoadResult {
  inserted: number;
  /** Entries that were not valid books (bad ISBN, no title) and were left out. */
  invalid: number;
}

/**
 * Loads catalogue entries into the books table (source 'demo'). Idempotent: a book already
 * stored, by an earlier load or as a cached remote hit, is left as it is.
 */
export async function loadCatalogueEntries(
  database: DatabaseHandle,
  entries: readonly unknown[],
): Promise<CatalogueLoadResult> {
  const books: (NormalisedBook & { isbn: string })[] = [];
  const seen = new Set<string>();
  let invalid = 0;
  for (const entry of entries) {
    const parsed = DemoCatalogueEntry.safeParse(entry);
    if (!parsed.success || seen.has(parsed.data.isbn13)) {
      invalid += parsed.success ? 0 : 1;
      continue;
    }
    seen.add(parsed.data.isbn13);
    books.push(toBook(parsed.data));
  }
  const repository = createBooksRepository(database.db, database.kind);
  const inserted = await repository.insertMissing(books);
  // A catalogue loaded before migration 007 lacks the facts issue 11 added: fill them in once.
  await repository.fillMissingDemoFacts(books);
  return { inserted, invalid };
}

/** Loads demo-catalogue.json when it is there; a missing file loads nothing. */
export async function loadDemoCatalogue(
  database: DatabaseHandle,
  file: string = DEMO_CATALOGUE_FILE,
): Promise<CatalogueLoadResult> {
  if (!existsSync(file)) return { inserted: 0, invalid: 0 };
  const entries: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(entries)) throw new Error(`${file} must hold a JSON array of books`);
  return loadCatalogueEntries(database, entries);
}
