import { z } from 'zod';
import { RULE_LIST_MAX, RULE_TEXT_MAX } from './limits';
import { messages } from './messages';

/**
 * Subject groups a square may ask for. A book's subject meets a group when one of its
 * '/'-separated parts (Google's "Juvenile Fiction / Fantasy & Magic", Open Library's
 * "Children's fiction") equals one of the group's names after folding case, accents and
 * punctuation. Exact parts, not substrings: 'science' must not take "Science Fiction".
 */
export const SUBJECT_GROUPS = {
  poetry: { label: 'poetry', names: ['poetry', 'poems', 'poesia', 'poesie'] },
  childrens: {
    label: "children's",
    names: [
      'juvenile fiction',
      'juvenile nonfiction',
      'juvenile literature',
      'children',
      'childrens',
      'children s fiction',
      'children s stories',
      'children s literature',
      'children s poetry',
      'children s books',
      'picture books',
    ],
  },
  nonfiction: {
    label: 'non-fiction',
    names: [
      'nonfiction',
      'non fiction',
      'biography autobiography',
      'biography',
      'autobiography',
      'memoir',
      'memoirs',
      'history',
      'science',
      'essays',
      'true crime',
      'psychology',
      'philosophy',
      'self help',
      'economics',
      'business',
      'business economics',
      'nature',
      'political science',
      'social science',
    ],
  },
  cookbook: {
    label: 'cookbook',
    names: ['cooking', 'cookery', 'cookbooks', 'cookbook', 'baking', 'recipes'],
  },
  'science-fiction': { label: 'science fiction', names: ['science fiction'] },
  fantasy: { label: 'fantasy', names: ['fantasy', 'fantasy fiction'] },
  classics: { label: 'classic', names: ['classics', 'classic', 'classic literature'] },
  mystery: {
    label: 'mystery',
    names: ['mystery', 'mystery fiction', 'detective and mystery stories'],
  },
  thriller: { label: 'thriller', names: ['thriller', 'thrillers', 'suspense'] },
  romance: { label: 'romance', names: ['romance', 'love stories'] },
  horror: { label: 'horror', names: ['horror', 'horror fiction', 'horror tales'] },
  'historical-fiction': { label: 'historical fiction', names: ['historical fiction'] },
  'graphic-novels': {
    label: 'graphic novel',
    names: ['graphic novels', 'comics graphic novels', 'comic books strips etc'],
  },
  'young-adult': { label: 'young adult', names: ['young adult', 'young adult fiction'] },
  humor: { label: 'humour', names: ['humor', 'humour', 'humorous stories'] },
  drama: { label: 'drama', names: ['drama', 'plays'] },
} as const satisfies Record<string, { label: string; names: readonly string[] }>;

export type SubjectGroup = keyof typeof SUBJECT_GROUPS;
export const SUBJECT_GROUP_KEYS = Object.keys(SUBJECT_GROUPS) as [SubjectGroup, ...SubjectGroup[]];

const Year = z.number().int().min(1).max(9999);
const PositiveInt = z.number().int().min(1).max(100_000);
/** An ISO 639-1 code: 'es', 'en'. Its length is checked before trimming (issue 22). */
const LanguageCode = z
  .string({ error: messages.fit.languageCodeInvalid })
  .max(RULE_TEXT_MAX, messages.fit.languageCodeInvalid)
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, messages.fit.languageCodeInvalid);

/** Trimmed, lower case, each once, first place kept: [' Poetry', 'poetry'] is ['poetry']. */
export function uniqueFolded(entries: readonly string[]): string[] {
  return [...new Set(entries.map((entry) => entry.trim().toLowerCase()))];
}

/** A subject group's key, spaces and case forgiven; short before it is trimmed (issue 22). */
const SubjectName = z
  .string({ error: messages.fit.unknownSubject })
  .max(RULE_TEXT_MAX, messages.fit.unknownSubject)
  .trim()
  .toLowerCase()
  .pipe(z.enum(SUBJECT_GROUP_KEYS, { error: messages.fit.unknownSubject }));

/**
 * A square's subject groups: 1 to RULE_LIST_MAX entries as sent, each kept once (issue 22: a
 * rule listing 'poetry' 6,000 times made every suggestion's reason 6,000 'poetry's long).
 */
const SubjectList = z
  .array(SubjectName, { error: messages.fit.noSubjects })
  .min(1, messages.fit.noSubjects)
  .max(RULE_LIST_MAX, messages.fit.tooManySubjects(RULE_LIST_MAX))
  .transform((subjects) => [...new Set(subjects)]);

/**
 * A rule a square may carry beside its text (issue 11). Free text stays the reader's word;
 * a rule lets the server say whether a book meets the square.
 */
export const ChallengeRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('subject'), subjects: SubjectList }),
  z.object({ kind: z.literal('pages'), comparison: z.enum(['under', 'over']), pages: PositiveInt }),
  z.object({ kind: z.literal('birth-year') }),
  z.object({ kind: z.literal('years-ago'), years: PositiveInt }),
  z.object({ kind: z.literal('published-in'), year: Year }),
  z.object({ kind: z.literal('title-words'), words: z.number().int().min(1).max(50) }),
  z.object({
    kind: z.literal('language'),
    language: LanguageCode,
    /** True: translated from `language`; false: first written in it. */
    translated: z.boolean(),
  }),
  z.object({ kind: z.literal('author-first-name') }),
]);
export type ChallengeRule = z.infer<typeof ChallengeRule>;
export type ChallengeRuleKind = ChallengeRule['kind'];

export const CHALLENGE_RULE_KINDS: readonly ChallengeRuleKind[] = [
  'subject',
  'pages',
  'birth-year',
  'years-ago',
  'published-in',
  'title-words',
  'language',
  'author-first-name',
];

/** What a rule reads of a book; any fact may be unknown. */
export interface BookFacts {
  title: string;
  authors: string;
  subjects: readonly string[];
  pageCount: number | null;
  firstPublishedYear: number | null;
  language: string | null;
  originalLanguage: string | null;
}

/** The reader's private facts some rules read (profile fields, never shown to others). */
export interface ReaderFacts {
  birthYear: number | null;
  firstName: string | null;
}

export type FitStatus = 'meets' | 'fails' | 'unknown';
export interface Fit {
  status: FitStatus;
  /**
   * "96 pages: under 100", or the warning, a sentence: "This book has 320 pages; this square
   * asks for a book of fewer than 100 pages. Place it anyway?" (messages.fit.warning)
   */
  reason: string;
}

/** Lower case, no accents, punctuation as single spaces: "Children's" -> "children s". */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const groupNames = new Map<SubjectGroup, ReadonlySet<string>>(
  SUBJECT_GROUP_KEYS.map((key) => [key, new Set<string>(SUBJECT_GROUPS[key].names)]),
);

/** The first of `subjects` that belongs to one of `groups`, or null. */
export function matchSubject(
  subjects: readonly string[],
  groups: readonly SubjectGroup[],
): string | null {
  for (const subject of subjects) {
    const parts = [subject, ...subject.split('/')].map(foldText);
    for (const group of groups) {
      const names = groupNames.get(group);
      if (names && parts.some((part) => names.has(part))) return subject;
    }
  }
  return null;
}

/** The subject groups `subjects` belong to, for search and display. */
export function subjectGroupsOf(subjects: readonly string[]): SubjectGroup[] {
  return SUBJECT_GROUP_KEYS.filter((group) => matchSubject(subjects, [group]) !== null);
}

let languageNames: Intl.DisplayNames | null = null;
/** "es" -> "Spanish"; an unknown code stays as it is. */
export function languageName(code: string): string {
  languageNames ??= new Intl.DisplayNames(['en'], { type: 'language' });
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Words of a title: runs of letters or digits ("Brown Bear, Brown Bear" has four). */
export function countTitleWords(title: string): number {
  return title.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** The first names of a comma-joined author list, folded ("J. K. Rowling" gives "j"). */
export function authorFirstNames(authors: string): string[] {
  return authors
    .split(',')
    .map((name) => foldText(name).split(' ')[0] ?? '')
    .filter((first) => first !== '' && first !== 'unknown');
}

const meets = (fact: string, asks: string): Fit => ({
  status: 'meets',
  reason: messages.fit.meets(fact, asks),
});
/** A book the rule does not take: the warning, one sentence of messages.fit.warning. */
const fails = (warning: string): Fit => ({ status: 'fails', reason: warning });
const unknown = (what: string): Fit => ({ status: 'unknown', reason: messages.fit.unknown(what) });

function checkYear(
  year: number | null,
  asks: string,
  test: (year: number) => boolean,
  warning: (year: number) => string,
  meetsText: (year: number) => string = () => asks,
): Fit {
  if (year === null) return unknown(messages.fit.yearUnknown);
  const fact = messages.fit.firstPublished(year);
  return test(year) ? meets(fact, meetsText(year)) : fails(warning(year));
}

/**
 * Whether `book` meets `rule` for `reader` in `currentYear`, with the reason a reader sees:
 * meets ("96 pages: under 100"), fails (the warning before placing anyway), or unknown when
 * the book or the reader lacks the fact the rule reads. Metadata can be wrong, so a failure is
 * a warning, never a refusal (issue 11).
 */
export function evaluateRule(
  rule: ChallengeRule,
  book: BookFacts,
  reader: ReaderFacts,
  currentYear: number,
): Fit {
  switch (rule.kind) {
    case 'subject': {
      const asks = rule.subjects.map((s) => SUBJECT_GROUPS[s].label).join(' or ');
      if (book.subjects.length === 0) return unknown(messages.fit.subjectsUnknown);
      const matched = matchSubject(book.subjects, rule.subjects);
      return matched
        ? meets(messages.fit.subject(matched), asks)
        : fails(messages.fit.warning.subject(book.subjects.slice(0, 3).join(', '), asks));
    }
    case 'pages': {
      const asks =
        rule.comparison === 'under'
          ? messages.fit.under(rule.pages)
          : messages.fit.over(rule.pages);
      if (book.pageCount === null) return unknown(messages.fit.pagesUnknown);
      const ok =
        rule.comparison === 'under' ? book.pageCount < rule.pages : book.pageCount > rule.pages;
      const fact = messages.fit.pages(book.pageCount);
      return ok
        ? meets(fact, asks)
        : fails(messages.fit.warning.pages(book.pageCount, rule.comparison, rule.pages));
    }
    case 'birth-year': {
      if (reader.birthYear === null) return unknown(messages.fit.needBirthYear);
      const birthYear = reader.birthYear;
      return checkYear(
        book.firstPublishedYear,
        messages.fit.birthYear(birthYear),
        (y) => y === birthYear,
        (y) => messages.fit.warning.birthYear(y, birthYear),
      );
    }
    case 'years-ago':
      return checkYear(
        book.firstPublishedYear,
        messages.fit.yearsOrMoreAgo(rule.years),
        (y) => currentYear - y >= rule.years,
        (y) => messages.fit.warning.yearsAgo(y, rule.years, currentYear - rule.years),
        (y) => messages.fit.yearsAgo(currentYear - y),
      );
    case 'published-in':
      return checkYear(
        book.firstPublishedYear,
        messages.fit.publishedIn(rule.year),
        (y) => y === rule.year,
        (y) => messages.fit.warning.publishedIn(y, rule.year),
      );
    case 'title-words': {
      const words = countTitleWords(book.title);
      const fact = messages.fit.titleWords(words);
      const asks = messages.fit.titleWordsAtLeast(rule.words);
      return words >= rule.words
        ? meets(fact, asks)
        : fails(messages.fit.warning.titleWords(words, rule.words));
    }
    case 'language': {
      const target = languageName(rule.language);
      const asks = rule.translated
        ? messages.fit.translatedFrom(target)
        : messages.fit.writtenIn(target);
      const original = book.originalLanguage?.toLowerCase() ?? null;
      if (original === null) return unknown(messages.fit.languageUnknown);
      const edition = book.language?.toLowerCase() ?? null;
      const translated = edition !== null && edition !== original;
      const fact = translated
        ? messages.fit.translatedFrom(languageName(original))
        : messages.fit.writtenIn(languageName(original));
      if (original !== rule.language) {
        return fails(
          messages.fit.warning.language(languageName(original), target, rule.translated),
        );
      }
      if (!rule.translated) return meets(fact, asks);
      if (edition === null) return unknown(messages.fit.languageUnknown);
      return translated ? meets(fact, asks) : fails(messages.fit.warning.notTranslated(target));
    }
    case 'author-first-name': {
      if (reader.firstName === null || foldText(reader.firstName) === '') {
        return unknown(messages.fit.needFirstName);
      }
      const wanted = foldText(reader.firstName).split(' ')[0] ?? '';
      const asks = messages.fit.authorShares(reader.firstName.trim());
      const firstNames = authorFirstNames(book.authors);
      if (firstNames.length === 0) return unknown(messages.fit.authorUnknown);
      const fact = messages.fit.authorNamed(book.authors);
      return firstNames.includes(wanted)
        ? meets(fact, asks)
        : fails(messages.fit.warning.authorFirstName(book.authors, reader.firstName.trim()));
    }
  }
}

/** The rules that fit the seeded grid's squares (DEFAULT_CHALLENGES, same order); null: free text. */
export const DEFAULT_CHALLENGE_RULES: readonly (ChallengeRule | null)[] = [
  { kind: 'birth-year' },
  { kind: 'subject', subjects: ['poetry'] },
  null, // a debut author: no catalogue knows it
  { kind: 'subject', subjects: ['classics'] },
  { kind: 'subject', subjects: ['nonfiction'] },
  { kind: 'years-ago', years: 50 },
  { kind: 'subject', subjects: ['science-fiction', 'fantasy'] },
  null, // award-winning
  { kind: 'subject', subjects: ['childrens'] },
  null, // a friend's favourite: the reader's word
  { kind: 'language', language: 'es', translated: true },
  null, // a female author: no catalogue field says so
  { kind: 'pages', comparison: 'under', pages: 100 },
  { kind: 'title-words', words: 7 },
  { kind: 'subject', subjects: ['cookbook'] },
  { kind: 'author-first-name' },
];

/**
 * A stored rule's lists as the schema would take them now (issue 22): each entry once, after
 * trimming and folding case, and at most RULE_LIST_MAX of them. Rules stored before the cap
 * (a subject list of thousands) are read back this way, so no reader pays for their length.
 */
function capStoredLists(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const capped: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, entry] of Object.entries(capped)) {
    if (!Array.isArray(entry)) continue;
    const texts = entry.filter((item): item is string => typeof item === 'string');
    // Anything but text in a list is left for the schema to refuse.
    capped[key] =
      texts.length === entry.length ? uniqueFolded(texts).slice(0, RULE_LIST_MAX) : entry;
  }
  return capped;
}

/** A stored rule (JSON text) read back; anything unreadable is no rule. */
export function parseStoredRule(json: string | null | undefined): ChallengeRule | null {
  if (!json) return null;
  try {
    const parsed = ChallengeRule.safeParse(capStoredLists(JSON.parse(json)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
