import { foldAccents } from './accent-fold';

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/**
 * Splits a search box entry into lower-case words for prefix matching ("hobb" finds The
 * Hobbit). Only letters and digits survive, so no full-text operator can be smuggled in. An
 * ISBN typed with hyphens or spaces becomes one term. Accents are folded, as the index folds them.
 */
export function searchTerms(text: string): string[] {
  const compact = text.replace(/[\s-]/g, '');
  if (/^(\d{9}[\dXx]|\d{13})$/.test(compact)) return [compact.toLowerCase()];
  // A possessive's lone 's' would match nearly every book as a prefix: "children's" is "children".
  const words =
    foldAccents(text.toLowerCase().replace(/['’]s\b/g, '')).match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
}

/** SQLite FTS5: every term as a quoted prefix, all required. */
export function toFts5Query(terms: readonly string[]): string {
  return terms.map((term) => `"${term}"*`).join(' ');
}

/** PostgreSQL to_tsquery: every term as a quoted prefix lexeme, all required. */
export function toTsQuery(terms: readonly string[]): string {
  return terms.map((term) => `'${term}':*`).join(' & ');
}
