/** Issue 25: reading-year answers for component tests. */
import type { OwnReadingYearResponse, ReadingYear } from '../../../../lib/schemas/reading-year';

export function buildReadingYear(overrides: Partial<ReadingYear> = {}): ReadingYear {
  return {
    year: 2026,
    years: [2026],
    booksRead: 0,
    pagesRead: 0,
    booksWithoutPages: 0,
    months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, books: 0, pages: 0 })),
    subjects: [],
    languages: [],
    authors: { new: 0, returning: 0 },
    ratings: [1, 2, 3, 4, 5].map((stars) => ({ stars, books: 0 })),
    averageRating: null,
    longestBook: null,
    bestRatedBook: null,
    cards: [],
    ...overrides,
  };
}

export function buildOwnReadingYear(overrides: Partial<ReadingYear> = {}): OwnReadingYearResponse {
  const reading = buildReadingYear(overrides);
  return {
    reading,
    share: {
      svgUrl: `/api/profile/reading-year/${reading.year}/share.svg`,
      pngUrl: `/api/profile/reading-year/${reading.year}/share.png`,
      alt: `${reading.year} in books: ${reading.booksRead} books`,
    },
  };
}
