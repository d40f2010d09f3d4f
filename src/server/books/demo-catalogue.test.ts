import { describe, it, expect } from 'vitest';
import catalogue from './data/demo-catalogue.json';
import { isValidIsbn13 } from '../../lib/isbn';

interface CatalogueBook {
  isbn13: string;
  title: string;
  authors: string[];
  year: number;
  firstPublished?: number;
  pages: number;
  language: string;
  originalLanguage: string;
  categories: string[];
  publisher: string;
  description: string;
}

const EXPECTED_KEYS = [
  'authors',
  'categories',
  'description',
  'isbn13',
  'language',
  'originalLanguage',
  'pages',
  'publisher',
  'title',
  'year',
];
/** Left out where the work's first publication year is not certain (issue 11). */
const OPTIONAL_KEYS = ['firstPublished'];

const books = catalogue as unknown as CatalogueBook[];

/** Counts the books that satisfy a predicate. */
function count(predicate: (book: CatalogueBook) => boolean): number {
  return books.filter(predicate).length;
}

/** True when the value is an array of non-empty strings. */
function isNonEmptyStringArray(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => typeof item === 'string' && item.trim().length > 0)
  );
}

describe('demo catalogue', () => {
  it('is an array of at least 300 books', () => {
    expect(Array.isArray(catalogue)).toBe(true);
    expect(books.length).toBeGreaterThanOrEqual(300);
  });

  it('has exactly the expected fields with the right types on every book', () => {
    for (const book of books) {
      const label = `${book.isbn13} ${book.title}`;
      expect(
        Object.keys(book)
          .filter((key) => !OPTIONAL_KEYS.includes(key))
          .sort(),
        label,
      ).toEqual(EXPECTED_KEYS);
      expect(book.originalLanguage, label).toMatch(/^[a-z]{2}$/);
      if (book.firstPublished !== undefined) {
        expect(Number.isInteger(book.firstPublished), label).toBe(true);
        // A work is first published no later than any edition of it.
        expect(book.firstPublished, label).toBeLessThanOrEqual(book.year);
      }
      expect(typeof book.isbn13, label).toBe('string');
      expect(typeof book.title === 'string' && book.title.trim().length > 0, label).toBe(true);
      expect(isNonEmptyStringArray(book.authors), label).toBe(true);
      expect(Number.isInteger(book.year), label).toBe(true);
      expect(Number.isInteger(book.pages), label).toBe(true);
      expect(book.language, label).toMatch(/^[a-z]{2}$/);
      expect(isNonEmptyStringArray(book.categories), label).toBe(true);
      expect(book.categories.length, label).toBeLessThanOrEqual(3);
      expect(typeof book.publisher === 'string' && book.publisher.trim().length > 0, label).toBe(
        true,
      );
      expect(
        typeof book.description === 'string' && book.description.trim().length > 0,
        label,
      ).toBe(true);
    }
  });

  it('has a 13-digit ISBN with a valid check digit on every book', () => {
    const invalid = books.filter(
      (book) => !/^\d{13}$/.test(book.isbn13) || !isValidIsbn13(book.isbn13),
    );
    expect(invalid.map((book) => `${book.isbn13} ${book.title}`)).toEqual([]);
  });

  it('never repeats an ISBN', () => {
    const seen = new Set<string>();
    const repeated: string[] = [];
    for (const book of books) {
      if (seen.has(book.isbn13)) repeated.push(book.isbn13);
      seen.add(book.isbn13);
    }
    expect(repeated).toEqual([]);
  });

  it('has plausible years and page counts', () => {
    for (const book of books) {
      const label = `${book.isbn13} ${book.title}`;
      expect(book.year, label).toBeGreaterThanOrEqual(1500);
      expect(book.year, label).toBeLessThanOrEqual(2026);
      expect(book.pages, label).toBeGreaterThan(0);
    }
  });

  describe('original languages and first publication years (issue 11)', () => {
    const byTitle = (title: string) => books.filter((book) => book.title === title);

    it.each([
      ['One Hundred Years of Solitude', 'es', 'en', 1967],
      ['Cien años de soledad', 'es', 'es', 1967],
      ['Don Quixote', 'es', 'en', 1605],
      ['The Little Prince', 'fr', 'en', 1943],
      ['The Diary of a Young Girl', 'nl', 'en', 1947],
      ['Norwegian Wood', 'ja', 'en', 1987],
      ['Sapiens', 'he', 'en', 2011],
      ['The Rainbow Fish', 'de', 'en', 1992],
      ['Harry Potter y la piedra filosofal', 'en', 'es', 1997],
      ['Pride and Prejudice', 'en', 'en', 1813],
    ])(
      '%s: written in %s, this edition in %s, first published %i',
      (title, original, language, year) => {
        const [book] = byTitle(title);
        expect(book?.originalLanguage).toBe(original);
        expect(book?.language).toBe(language);
        expect(book?.firstPublished).toBe(year);
      },
    );

    it('leaves the year unknown where a collection was assembled later', () => {
      expect(byTitle('The Raven and Other Favorite Poems')[0]?.firstPublished).toBeUndefined();
      expect(byTitle('Selected Poems')[0]?.firstPublished).toBeUndefined();
    });

    it('has at least 10 English editions translated from Spanish', () => {
      expect(
        count((book) => book.originalLanguage === 'es' && book.language !== 'es'),
      ).toBeGreaterThanOrEqual(10);
    });
  });

  describe('challenge buckets have at least 10 books each', () => {
    const buckets: Array<[string, (book: CatalogueBook) => boolean]> = [
      ['under 100 pages', (book) => book.pages < 100],
      ['poetry', (book) => book.categories.includes('Poetry')],
      ['cookbooks', (book) => book.categories[0] === 'Cooking'],
      [
        "children's books",
        (book) =>
          book.categories.includes('Juvenile Fiction') || book.categories.includes('Children'),
      ],
      ['published in the 1970s', (book) => book.year >= 1970 && book.year <= 1979],
      ['title of 7 or more words', (book) => book.title.trim().split(/\s+/).length >= 7],
    ];

    it.each(buckets)('%s', (_name, predicate) => {
      expect(count(predicate)).toBeGreaterThanOrEqual(10);
    });
  });

  describe('recommendation genres have at least 20 books from 1977 on', () => {
    it.each(['Fantasy', 'Science Fiction', 'Mystery', 'Thriller'])('%s', (genre) => {
      expect(
        count((book) => book.year >= 1977 && book.categories.includes(genre)),
      ).toBeGreaterThanOrEqual(20);
    });
  });
});
