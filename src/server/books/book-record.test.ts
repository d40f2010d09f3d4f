import { describe, expect, it } from 'vitest';
import {
  cleanCategories,
  isbn13To10,
  joinAuthors,
  normalisePublishedDate,
  pickIsbns,
  toHttpsUrl,
} from './book-record';
import { normaliseGoogleVolume } from './google-books';
import { normaliseOpenLibraryDoc } from './open-library';
import { parseRetryAfter } from './provider';

describe('normalising provider fields', () => {
  it("joins authors, or says 'Unknown'", () => {
    expect(joinAuthors(['Terry Pratchett', ' Neil Gaiman '])).toBe('Terry Pratchett, Neil Gaiman');
    expect(joinAuthors([])).toBe('Unknown');
    expect(joinAuthors(undefined)).toBe('Unknown');
    expect(joinAuthors(['', 42, null])).toBe('Unknown');
  });

  it('keeps distinct categories, at most ten', () => {
    expect(cleanCategories(['Fiction', 'Fiction', ' ', 'Fantasy'])).toEqual(['Fiction', 'Fantasy']);
    expect(cleanCategories(Array.from({ length: 12 }, (_, i) => `c${i}`))).toHaveLength(10);
  });

  it('upgrades http covers to https and drops anything else', () => {
    expect(toHttpsUrl('http://books.google.com/books/content?id=x&zoom=1')).toBe(
      'https://books.google.com/books/content?id=x&zoom=1',
    );
    expect(toHttpsUrl('https://covers.openlibrary.org/b/id/1-M.jpg')).toBe(
      'https://covers.openlibrary.org/b/id/1-M.jpg',
    );
    expect(toHttpsUrl('javascript:alert(1)')).toBeNull();
    expect(toHttpsUrl('not a url')).toBeNull();
    expect(toHttpsUrl(undefined)).toBeNull();
  });

  it('keeps a year as a year, and a full date as it is', () => {
    expect(normalisePublishedDate('1937')).toBe('1937');
    expect(normalisePublishedDate('1937-09')).toBe('1937-09');
    expect(normalisePublishedDate('1937-09-21')).toBe('1937-09-21');
    expect(normalisePublishedDate('2004-05-01T00:00:00Z')).toBe('2004-05-01');
    expect(normalisePublishedDate(1954)).toBe('1954');
    expect(normalisePublishedDate('circa 1900')).toBeNull();
    expect(normalisePublishedDate(null)).toBeNull();
  });

  it('prefers a valid ISBN-13, else converts a valid ISBN-10', () => {
    expect(pickIsbns(['0261103342', '9780261103344'])).toEqual({
      isbn: '9780261103344',
      isbn10: '0261103342',
    });
    expect(pickIsbns(['0-261-10334-2'])).toEqual({ isbn: '9780261103344', isbn10: '0261103342' });
    expect(pickIsbns(['9780261103345', 'UCAL:123'])).toEqual({ isbn: null, isbn10: null });
    // A 979 ISBN has no ISBN-10.
    expect(pickIsbns(['9791032305690'])).toEqual({ isbn: '9791032305690', isbn10: null });
  });

  it('derives the ISBN-10 of a 978 ISBN-13, check digit X included', () => {
    expect(isbn13To10('9780261103344')).toBe('0261103342');
    expect(isbn13To10('9780439420891')).toBe('043942089X');
    expect(isbn13To10('9791032305690')).toBeNull();
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2099 00:00:10 GMT', Date.UTC(2099, 0, 1))).toBe(10_000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('provider records', () => {
  it('drops a Google volume without a title and fills the defaults', () => {
    expect(normaliseGoogleVolume({ authors: ['A'] })).toBeNull();
    expect(normaliseGoogleVolume('not an object')).toBeNull();
    expect(normaliseGoogleVolume({ title: 'Only A Title' })).toMatchObject({
      isbn: null,
      authors: 'Unknown',
      genre: 'General',
      coverUrl: null,
      source: 'google',
    });
  });

  it('uses the small thumbnail when there is no thumbnail', () => {
    const book = normaliseGoogleVolume({
      title: 'Small',
      imageLinks: { smallThumbnail: 'http://books.google.com/small' },
    });
    expect(book?.coverUrl).toBe('https://books.google.com/small');
  });

  it('reads an Open Library doc', () => {
    expect(
      normaliseOpenLibraryDoc({
        title: 'Doc',
        author_name: ['X'],
        cover_i: 7,
        first_publish_year: 1999,
        isbn: ['0261103342'],
      }),
    ).toMatchObject({
      isbn: '9780261103344',
      coverUrl: 'https://covers.openlibrary.org/b/id/7-M.jpg',
      publishedDate: '1999',
      description: null,
      source: 'openlibrary',
    });
    expect(normaliseOpenLibraryDoc({ title: 'No cover', cover_i: -1 })?.coverUrl).toBeNull();
  });
});
