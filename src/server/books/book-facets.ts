import { languageName, SUBJECT_GROUPS, subjectGroupsOf } from '../../lib/challenge-rules';

/** Most subjects a book keeps (Open Library lists dozens per work). */
export const MAX_SUBJECTS = 20;

/**
 * The words local search finds a book by beyond its title, authors and ISBNs (issue 11): its
 * subjects, the names of the subject groups they belong to ("non-fiction", "children's") and
 * the names of its language and original language ("Spanish"). Stored in `books.facets`, which
 * the full-text index reads with a weight far below the title's.
 */
export function bookFacets(book: {
  subjects: readonly string[];
  language: string | null;
  originalLanguage: string | null;
}): string {
  const words = new Set<string>(book.subjects);
  for (const group of subjectGroupsOf(book.subjects)) words.add(SUBJECT_GROUPS[group].label);
  for (const code of [book.language, book.originalLanguage]) {
    if (code && /^[a-z]{2}$/i.test(code)) words.add(languageName(code.toLowerCase()));
  }
  return [...words].join(' | ');
}

const ISO_639_2_TO_1: Record<string, string> = {
  eng: 'en',
  spa: 'es',
  fre: 'fr',
  fra: 'fr',
  ger: 'de',
  deu: 'de',
  ita: 'it',
  por: 'pt',
  rus: 'ru',
  jpn: 'ja',
  chi: 'zh',
  zho: 'zh',
  kor: 'ko',
  pol: 'pl',
  swe: 'sv',
  nor: 'no',
  dan: 'da',
  dut: 'nl',
  nld: 'nl',
  tur: 'tr',
  heb: 'he',
  ara: 'ar',
  gre: 'el',
  ell: 'el',
  cze: 'cs',
  ces: 'cs',
  fin: 'fi',
  hun: 'hu',
};

/** A language code as ISO 639-1 ('spa' and 'es' both give 'es'), or null when unknown. */
export function normaliseLanguage(code: string | null | undefined): string | null {
  if (!code) return null;
  const lower = code.trim().toLowerCase();
  if (/^[a-z]{2}$/.test(lower)) return lower;
  return ISO_639_2_TO_1[lower] ?? null;
}
