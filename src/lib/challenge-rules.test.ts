import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_RULE_KINDS,
  ChallengeRule,
  countTitleWords,
  DEFAULT_CHALLENGE_RULES,
  evaluateRule,
  matchSubject,
  parseStoredRule,
  SUBJECT_GROUP_KEYS,
  type BookFacts,
  type ReaderFacts,
} from './challenge-rules';
import { DEFAULT_CHALLENGES } from './challenges';
import { RULE_LIST_MAX } from './limits';
import { messages } from './messages';

// Facts of real books of the demo catalogue (src/server/books/data/demo-catalogue.json).
const book = (facts: Partial<BookFacts> & { title: string; authors: string }): BookFacts => ({
  subjects: [],
  pageCount: null,
  firstPublishedYear: null,
  language: 'en',
  originalLanguage: null,
  ...facts,
});
const nightSky = book({
  title: 'Night Sky with Exit Wounds',
  authors: 'Ocean Vuong',
  subjects: ['Poetry'],
  pageCount: 89,
  firstPublishedYear: 2016,
  originalLanguage: 'en',
});
const hundredYears = book({
  title: 'One Hundred Years of Solitude',
  authors: 'Gabriel García Márquez',
  subjects: ['Fiction', 'Classics', 'Magical Realism'],
  pageCount: 417,
  firstPublishedYear: 1967,
  originalLanguage: 'es',
});
const cienAnos = book({ ...hundredYears, title: 'Cien años de soledad', language: 'es' });
const interview = book({
  title: 'Interview with the Vampire',
  authors: 'Anne Rice',
  subjects: ['Horror', 'Fantasy'],
  pageCount: 342,
  firstPublishedYear: 1976,
  originalLanguage: 'en',
});
const alexander = book({
  title: 'Alexander and the Terrible, Horrible, No Good, Very Bad Day',
  authors: 'Judith Viorst',
  subjects: ['Juvenile Fiction', 'Picture Books'],
  pageCount: 32,
  firstPublishedYear: 1972,
});
const joy = book({
  title: 'Joy of Cooking',
  authors: 'Irma S. Rombauer, Marion Rombauer Becker',
  subjects: ['Cooking'],
  pageCount: 1200,
  firstPublishedYear: 1931,
});
// A remote result that knows only its title and author.
const bare = book({ title: 'Pride and Prejudice', authors: 'Jane Austen', language: null });

const reader: ReaderFacts = { birthYear: 1976, firstName: 'Anne' };
const noFacts: ReaderFacts = { birthYear: null, firstName: null };
const YEAR = 2026;

function check(rule: object, facts: BookFacts, who: ReaderFacts = reader) {
  return evaluateRule(ChallengeRule.parse(rule), facts, who, YEAR);
}

describe('evaluateRule', () => {
  it('pages: meets under 100, fails with the warning, unknown without a page count', () => {
    const rule = { kind: 'pages', comparison: 'under', pages: 100 } as const;
    expect(check(rule, nightSky)).toEqual({ status: 'meets', reason: '89 pages: under 100' });
    expect(check(rule, interview)).toEqual({
      status: 'fails',
      reason:
        'This book has 342 pages; this square asks for a book of fewer than 100 pages. Place it anyway?',
    });
    expect(check(rule, bare).status).toBe('unknown');
    expect(check({ kind: 'pages', comparison: 'over', pages: 1000 }, joy).reason).toBe(
      '1200 pages: over 1000',
    );
  });

  it('years ago: first published 1976 is 50 years ago in 2026', () => {
    const rule = { kind: 'years-ago', years: 50 } as const;
    expect(check(rule, interview)).toEqual({
      status: 'meets',
      reason: 'first published 1976: 50 years ago',
    });
    expect(check(rule, nightSky)).toEqual({
      status: 'fails',
      reason:
        'This book was first published in 2016; this square asks for a book first published 50 or more years ago, in 1976 or before. Place it anyway?',
    });
    expect(check(rule, bare).reason).toBe(messages.fit.unknown(messages.fit.yearUnknown));
  });

  it('published in a given year', () => {
    const rule = { kind: 'published-in', year: 1967 } as const;
    expect(check(rule, hundredYears).status).toBe('meets');
    expect(check(rule, interview).status).toBe('fails');
    expect(check(rule, bare).status).toBe('unknown');
  });

  it("birth year: the reader's own, unknown until the reader gives it", () => {
    const rule = { kind: 'birth-year' } as const;
    expect(check(rule, interview)).toEqual({
      status: 'meets',
      reason: 'first published 1976: your birth year, 1976',
    });
    expect(check(rule, nightSky).status).toBe('fails');
    expect(check(rule, interview, noFacts)).toEqual({
      status: 'unknown',
      reason: messages.fit.unknown(messages.fit.needBirthYear),
    });
    expect(check(rule, bare).status).toBe('unknown');
  });

  it('subjects: any part of a category names the group; no categories is unknown', () => {
    const poetry = { kind: 'subject', subjects: ['poetry'] } as const;
    expect(check(poetry, nightSky)).toEqual({ status: 'meets', reason: 'subject Poetry: poetry' });
    expect(check(poetry, interview).reason).toBe(
      'This book is listed as Horror, Fantasy; this square asks for poetry. Place it anyway?',
    );
    expect(check(poetry, bare).status).toBe('unknown');
    const notOnEarth = { kind: 'subject', subjects: ['science-fiction', 'fantasy'] } as const;
    expect(check(notOnEarth, interview).status).toBe('meets');
    expect(check({ kind: 'subject', subjects: ['childrens'] }, alexander).status).toBe('meets');
    expect(check({ kind: 'subject', subjects: ['cookbook'] }, joy).status).toBe('meets');
  });

  it('subjects match whole parts, never substrings', () => {
    expect(matchSubject(['Fiction / Science Fiction / General'], ['nonfiction'])).toBeNull();
    expect(matchSubject(['Science / Physics'], ['nonfiction'])).toBe('Science / Physics');
    expect(matchSubject(["Children's fiction"], ['childrens'])).toBe("Children's fiction");
    expect(matchSubject(['Historical Fiction'], ['nonfiction'])).toBeNull();
  });

  it('title words: seven or more', () => {
    const rule = { kind: 'title-words', words: 7 } as const;
    expect(check(rule, alexander)).toEqual({
      status: 'meets',
      reason: '10 words in the title: a title of 7 or more words',
    });
    expect(check(rule, joy).status).toBe('fails');
    expect(countTitleWords('Brown Bear, Brown Bear, What Do You See?')).toBe(8);
    expect(countTitleWords('The 7½ Deaths of Evelyn Hardcastle')).toBe(6);
  });

  it('translated from Spanish: an English edition of a Spanish original, not the original', () => {
    const rule = { kind: 'language', language: 'es', translated: true } as const;
    expect(check(rule, hundredYears)).toEqual({
      status: 'meets',
      reason: 'translated from Spanish: translated from Spanish',
    });
    expect(check(rule, cienAnos)).toEqual({
      status: 'fails',
      reason:
        'This edition is in Spanish, the language the book was written in; this square asks for a translation from Spanish. Place it anyway?',
    });
    expect(check(rule, interview).status).toBe('fails');
    expect(check(rule, bare).status).toBe('unknown');
    const writtenIn = { kind: 'language', language: 'es', translated: false } as const;
    expect(check(writtenIn, cienAnos).status).toBe('meets');
    expect(check(writtenIn, hundredYears).status).toBe('meets');
  });

  it("author's first name: the reader's, folded; unknown without a first name", () => {
    const rule = { kind: 'author-first-name' } as const;
    expect(check(rule, interview)).toEqual({
      status: 'meets',
      reason: 'by Anne Rice: an author named Anne',
    });
    expect(check(rule, interview, { birthYear: null, firstName: 'anne' }).status).toBe('meets');
    expect(check(rule, joy, { birthYear: null, firstName: 'Marion' }).status).toBe('meets');
    expect(check(rule, nightSky).status).toBe('fails');
    expect(check(rule, interview, noFacts).status).toBe('unknown');
  });
});

describe('the warning before placing anyway is a sentence for every rule kind (issue 22)', () => {
  const WARNINGS: Record<ChallengeRule['kind'], [rule: object, facts: BookFacts, text: string][]> =
    {
      subject: [
        [
          { kind: 'subject', subjects: ['poetry'] },
          hundredYears,
          'This book is listed as Fiction, Classics, Magical Realism; this square asks for poetry. Place it anyway?',
        ],
        [
          { kind: 'subject', subjects: ['science-fiction', 'fantasy'] },
          joy,
          'This book is listed as Cooking; this square asks for science fiction or fantasy. Place it anyway?',
        ],
      ],
      pages: [
        [
          { kind: 'pages', comparison: 'under', pages: 100 },
          interview,
          'This book has 342 pages; this square asks for a book of fewer than 100 pages. Place it anyway?',
        ],
        [
          { kind: 'pages', comparison: 'over', pages: 500 },
          nightSky,
          'This book has 89 pages; this square asks for a book of more than 500 pages. Place it anyway?',
        ],
        [
          { kind: 'pages', comparison: 'over', pages: 2 },
          book({ title: 'A Leaflet', authors: 'Anonymous', pageCount: 1 }),
          'This book has 1 page; this square asks for a book of more than 2 pages. Place it anyway?',
        ],
      ],
      'birth-year': [
        [
          { kind: 'birth-year' },
          nightSky,
          'This book was first published in 2016; this square asks for a book first published in your birth year, 1976. Place it anyway?',
        ],
      ],
      'years-ago': [
        [
          { kind: 'years-ago', years: 50 },
          nightSky,
          'This book was first published in 2016; this square asks for a book first published 50 or more years ago, in 1976 or before. Place it anyway?',
        ],
      ],
      'published-in': [
        [
          { kind: 'published-in', year: 1967 },
          interview,
          'This book was first published in 1976; this square asks for a book first published in 1967. Place it anyway?',
        ],
      ],
      'title-words': [
        [
          { kind: 'title-words', words: 7 },
          joy,
          "This book's title has 3 words; this square asks for a title of 7 or more words. Place it anyway?",
        ],
        [
          { kind: 'title-words', words: 2 },
          book({ title: 'Beloved', authors: 'Toni Morrison' }),
          "This book's title has 1 word; this square asks for a title of 2 or more words. Place it anyway?",
        ],
      ],
      language: [
        [
          { kind: 'language', language: 'es', translated: true },
          interview,
          'This book was first written in English; this square asks for a book translated from Spanish. Place it anyway?',
        ],
        [
          { kind: 'language', language: 'es', translated: false },
          interview,
          'This book was first written in English; this square asks for a book first written in Spanish. Place it anyway?',
        ],
        [
          { kind: 'language', language: 'es', translated: true },
          cienAnos,
          'This edition is in Spanish, the language the book was written in; this square asks for a translation from Spanish. Place it anyway?',
        ],
      ],
      'author-first-name': [
        [
          { kind: 'author-first-name' },
          nightSky,
          'This book is by Ocean Vuong; this square asks for an author who shares your first name, Anne. Place it anyway?',
        ],
      ],
    };

  it('covers every kind', () => {
    expect(Object.keys(WARNINGS).sort()).toEqual([...CHALLENGE_RULE_KINDS].sort());
  });

  it.each(Object.entries(WARNINGS).flatMap(([kind, cases]) => cases.map((c) => [kind, ...c])))(
    '%s: %j',
    (_kind, rule, facts, text) => {
      expect(check(rule as object, facts as BookFacts)).toEqual({ status: 'fails', reason: text });
    },
  );
});

describe('rules of the seeded grid', () => {
  it('has one entry per default challenge, each valid', () => {
    expect(DEFAULT_CHALLENGE_RULES).toHaveLength(DEFAULT_CHALLENGES.length);
    for (const rule of DEFAULT_CHALLENGE_RULES) {
      if (rule) expect(ChallengeRule.parse(rule)).toEqual(rule);
    }
    expect(DEFAULT_CHALLENGE_RULES.filter(Boolean)).toHaveLength(12);
  });

  it('reads stored rules back, and anything unreadable as no rule', () => {
    expect(parseStoredRule(JSON.stringify({ kind: 'birth-year' }))).toEqual({ kind: 'birth-year' });
    expect(parseStoredRule('{"kind":"nope"}')).toBeNull();
    expect(parseStoredRule('not json')).toBeNull();
    expect(parseStoredRule(null)).toBeNull();
  });
});

describe('a rule’s lists (issue 22)', () => {
  it('lets a square ask for every subject group at once, each once', () => {
    expect(SUBJECT_GROUP_KEYS.length).toBeLessThanOrEqual(RULE_LIST_MAX);
    const all = ChallengeRule.parse({ kind: 'subject', subjects: [...SUBJECT_GROUP_KEYS] });
    expect(all).toEqual({ kind: 'subject', subjects: SUBJECT_GROUP_KEYS });
  });

  it('reads a stored list from before the cap back de-duplicated and capped', () => {
    const stored = JSON.stringify({
      kind: 'subject',
      subjects: [...Array.from({ length: 6000 }, () => ' Poetry'), 'drama', 'DRAMA'],
    });
    expect(parseStoredRule(stored)).toEqual({ kind: 'subject', subjects: ['poetry', 'drama'] });
    const tooMany = JSON.stringify({
      kind: 'subject',
      subjects: [...SUBJECT_GROUP_KEYS, 'x1', 'x2', 'x3', 'x4'],
    });
    // The first RULE_LIST_MAX entries are kept; an unknown one among them is no rule, as before.
    expect(parseStoredRule(tooMany)).toBeNull();
  });
});
