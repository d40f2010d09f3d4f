import { describe, expect, it } from 'vitest';
import { computeReadingYear, yearBounds, yearOf, type YearBookInput } from './reading-year';

const book = (overrides: Partial<YearBookInput>): YearBookInput => ({
  isbn: '1',
  title: 'A Book',
  author: null,
  finishedAt: '2025-06-01T12:00:00.000Z',
  rating: null,
  pages: null,
  subjects: [],
  language: null,
  ...overrides,
});

describe('the year of a finished book (UTC: the app keeps no reader time zone)', () => {
  it('puts 23:30 on New Year’s Eve in the old year and 00:30 on New Year’s Day in the new', () => {
    expect(yearOf('2025-12-31T23:30:00.000Z')).toBe(2025);
    expect(yearOf('2026-01-01T00:30:00.000Z')).toBe(2026);
    // A time written with an offset is read as the instant it names, in UTC.
    expect(yearOf('2026-01-01T00:30:00+01:00')).toBe(2025);
  });

  it('bounds a year from its first instant to the next year’s, in UTC', () => {
    expect(yearBounds(2026)).toEqual({
      from: '2026-01-01T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
    });
  });
});

describe('new and returning authors', () => {
  it('folds accents, case and punctuation, ASCII or not, and counts each author once', () => {
    const reading = computeReadingYear(
      2025,
      {
        books: [
          book({ author: 'Gabriel Garcia Marquez, J. R. R. Tolkien' }),
          book({ isbn: '2', author: 'Ursula K. Le Guin' }),
          book({ isbn: '3', author: 'URSULA K LE GUIN' }),
        ],
        earlierAuthors: ['Gabriel García Márquez', 'J.R.R. Tolkien', null],
        finishedDates: ['2024-01-01T00:00:00.000Z', '2025-06-01T12:00:00.000Z'],
        cards: [],
      },
      2026,
    );
    expect(reading.authors).toEqual({ new: 1, returning: 2 });
    expect(reading.years).toEqual([2026, 2025, 2024]);
  });
});
