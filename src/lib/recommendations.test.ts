import { describe, expect, it } from 'vitest';
import { RECOMMENDATION_BATCH_KEEP, RECOMMENDATION_GENRES } from './limits';
import {
  authorKey,
  buildRecommendationQueries,
  DEFAULT_READER_AVERAGE_RATING,
  filterCandidates,
  hasEnoughRatings,
  hasNewAuthor,
  interleave,
  isEnglish,
  isNotLikedOrDisliked,
  isRatedCloseToReader,
  isRecentEnough,
  isShowable,
  isUnseen,
  pickBatch,
  readerAverageRating,
  shuffle,
  splitAuthors,
  type CandidateFilterContext,
  type HistoryBook,
  type RecommendationCandidate,
} from './recommendations';

/** A random source that replays `values`, then repeats the last one. */
function sequence(...values: number[]) {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)] ?? 0;
}

function finished(overrides: Partial<HistoryBook> = {}): HistoryBook {
  return {
    author: 'Frank Herbert',
    genre: 'Science Fiction',
    rating: null,
    finishedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function candidate(overrides: Partial<RecommendationCandidate> = {}): RecommendationCandidate {
  return {
    isbn: '9780000000001',
    title: 'A New Book',
    authors: 'New Author',
    publishedDate: '2015-06-01',
    language: 'en',
    averageRating: 4.1,
    ratingsCount: 250,
    ...overrides,
  };
}

const NOW = new Date('2026-06-01T00:00:00.000Z');

function context(overrides: Partial<CandidateFilterContext> = {}): CandidateFilterContext {
  return {
    likedIsbns: new Set(),
    dislikedIsbns: new Set(),
    seenIsbns: new Set(),
    readAuthors: new Set(),
    dislikedAuthors: new Set(),
    readerAverage: DEFAULT_READER_AVERAGE_RATING,
    now: NOW,
    ...overrides,
  };
}

describe('buildRecommendationQueries', () => {
  it('uses at most 3 authors and 2 genres, plus one random genre', () => {
    const books = [
      finished({ author: 'A One', genre: 'Fantasy' }),
      finished({ author: 'B Two', genre: 'Mystery' }),
      finished({ author: 'C Three', genre: 'Horror' }),
      finished({ author: 'D Four', genre: 'Poetry' }),
      finished({ author: 'E Five', genre: 'Cooking' }),
    ];
    const queries = buildRecommendationQueries(books, () => 0);
    const authors = queries.filter((q) => q.kind === 'author');
    const genres = queries.filter((q) => q.kind === 'genre');
    expect(authors).toHaveLength(3);
    expect(genres).toHaveLength(3);
    expect(queries).toHaveLength(6);
  });

  it('prefers the most-read authors and genres, then the better-rated, more recent books', () => {
    const books = [
      finished({ author: 'Old Favourite', genre: 'Romance', rating: 2, finishedAt: '2020-01-01' }),
      finished({ author: 'Loved One', genre: 'Fantasy', rating: 5, finishedAt: '2021-01-01' }),
      finished({ author: 'Recent One', genre: 'Horror', rating: null, finishedAt: '2025-01-01' }),
      finished({ author: 'Twice Read', genre: 'Mystery', rating: 3, finishedAt: '2019-01-01' }),
      finished({ author: 'Twice Read', genre: 'Mystery', rating: 3, finishedAt: '2019-02-01' }),
    ];
    const queries = buildRecommendationQueries(books, () => 0);
    expect(queries.filter((q) => q.kind === 'author').map((q) => q.value)).toEqual([
      'Twice Read',
      'Loved One',
      'Old Favourite',
    ]);
    expect(queries.filter((q) => q.kind === 'genre').map((q) => q.value)).toEqual([
      'Mystery',
      'Fantasy',
      // random() = 0 picks the first of the nine that is not already chosen.
      'Science Fiction',
    ]);
  });

  it('splits co-authors, counts name variants as one author, and skips Unknown', () => {
    const books = [
      finished({ author: 'J.R.R. Tolkien, Christopher Tolkien' }),
      finished({ author: 'J. R. R. Tolkien' }),
      finished({ author: 'Unknown' }),
      finished({ author: null }),
    ];
    const authors = buildRecommendationQueries(books, () => 0)
      .filter((q) => q.kind === 'author')
      .map((q) => q.value);
    expect(authors).toEqual(['J.R.R. Tolkien', 'Christopher Tolkien']);
  });

  it('never uses a vague genre, and draws the random genre from the nine', () => {
    const books = [finished({ genre: 'General' }), finished({ genre: null })];
    const genres = buildRecommendationQueries(books, () => 0.99).filter((q) => q.kind === 'genre');
    expect(genres.map((q) => q.value)).toEqual([RECOMMENDATION_GENRES.at(-1)]);
  });

  it('never draws a random genre the reader already has', () => {
    for (let i = 0; i < RECOMMENDATION_GENRES.length; i += 1) {
      const random = sequence(i / RECOMMENDATION_GENRES.length);
      const genres = buildRecommendationQueries(
        [finished({ genre: 'Fantasy' }), finished({ genre: 'mystery' })],
        random,
      )
        .filter((q) => q.kind === 'genre')
        .map((q) => q.value.toLowerCase());
      expect(new Set(genres).size).toBe(3);
    }
  });

  it('starts every query at a random index 0-19, and is deterministic', () => {
    const books = [finished({ author: 'A', genre: 'Fantasy' })];
    const queries = buildRecommendationQueries(books, sequence(0, 0, 0.5, 0.999));
    expect(queries).toEqual([
      { kind: 'author', value: 'A', startIndex: 0 },
      { kind: 'genre', value: 'Fantasy', startIndex: 10 },
      { kind: 'genre', value: 'Science Fiction', startIndex: 19 },
    ]);
    expect(buildRecommendationQueries(books, sequence(0, 0, 0.5, 0.999))).toEqual(queries);
  });

  it('asks only the random genre for a reader without history', () => {
    const queries = buildRecommendationQueries([], () => 0.2);
    expect(queries).toHaveLength(1);
    expect(queries[0]?.kind).toBe('genre');
    expect(RECOMMENDATION_GENRES).toContain(queries[0]?.value);
  });
});

describe('the candidate filters (SPEC.md section 5)', () => {
  it('rejects a book without an ISBN, a title or an author', () => {
    expect(isShowable(candidate())).toBe(true);
    expect(isShowable(candidate({ isbn: null }))).toBe(false);
    expect(isShowable(candidate({ title: '  ' }))).toBe(false);
    expect(isShowable(candidate({ authors: 'Unknown' }))).toBe(false);
  });

  it('rejects a book already liked or disliked', () => {
    const book = candidate();
    expect(isNotLikedOrDisliked(book, context())).toBe(true);
    expect(isNotLikedOrDisliked(book, context({ likedIsbns: new Set([book.isbn!]) }))).toBe(false);
    expect(isNotLikedOrDisliked(book, context({ dislikedIsbns: new Set([book.isbn!]) }))).toBe(
      false,
    );
  });

  it('rejects a book already shown or finished', () => {
    const book = candidate();
    expect(isUnseen(book, context())).toBe(true);
    expect(isUnseen(book, context({ seenIsbns: new Set([book.isbn!]) }))).toBe(false);
  });

  it('rejects a book whose lead author the reader has read', () => {
    const read = context({ readAuthors: new Set([authorKey('Frank Herbert')]) });
    expect(hasNewAuthor(candidate({ authors: 'Frank Herbert' }), read)).toBe(false);
    expect(hasNewAuthor(candidate({ authors: 'FRANK  HERBERT, Someone' }), read)).toBe(false);
    // Led by someone new: what an author query is for.
    expect(hasNewAuthor(candidate({ authors: 'Brian Herbert, Frank Herbert' }), read)).toBe(true);
    expect(hasNewAuthor(candidate({ authors: 'Brian Herbert' }), read)).toBe(true);
  });

  it('rejects a book by a disliked author wherever they are listed', () => {
    const disliked = context({ dislikedAuthors: new Set([authorKey('Neil Gaiman')]) });
    expect(hasNewAuthor(candidate({ authors: 'Neil Gaiman' }), disliked)).toBe(false);
    expect(hasNewAuthor(candidate({ authors: 'Terry Pratchett, Neil Gaiman' }), disliked)).toBe(
      false,
    );
    expect(hasNewAuthor(candidate({ authors: 'Terry Pratchett' }), disliked)).toBe(true);
  });

  it('rejects a book published more than 50 years ago, or at an unknown date', () => {
    expect(isRecentEnough(candidate({ publishedDate: '1976' }), NOW)).toBe(true);
    expect(isRecentEnough(candidate({ publishedDate: '2026-05-01' }), NOW)).toBe(true);
    expect(isRecentEnough(candidate({ publishedDate: '1975-12-31' }), NOW)).toBe(false);
    expect(isRecentEnough(candidate({ publishedDate: '1813' }), NOW)).toBe(false);
    expect(isRecentEnough(candidate({ publishedDate: null }), NOW)).toBe(false);
  });

  it("rejects a book rated more than 2 below the reader's average (default 4)", () => {
    expect(isRatedCloseToReader(candidate({ averageRating: 2 }), 4)).toBe(true);
    expect(isRatedCloseToReader(candidate({ averageRating: 1.99 }), 4)).toBe(false);
    expect(isRatedCloseToReader(candidate({ averageRating: 2.9 }), 5)).toBe(false);
    expect(isRatedCloseToReader(candidate({ averageRating: 1.5 }), 3)).toBe(true);
    expect(isRatedCloseToReader(candidate({ averageRating: null }), 5)).toBe(true);
  });

  it('rejects a book with a rating count below 10, but not one without a count', () => {
    expect(hasEnoughRatings(candidate({ ratingsCount: 10 }))).toBe(true);
    expect(hasEnoughRatings(candidate({ ratingsCount: null }))).toBe(true);
    expect(hasEnoughRatings(candidate({ ratingsCount: 9 }))).toBe(false);
    expect(hasEnoughRatings(candidate({ ratingsCount: 1 }))).toBe(false);
  });

  it('rejects a book in another language', () => {
    expect(isEnglish(candidate({ language: 'en' }))).toBe(true);
    expect(isEnglish(candidate({ language: 'en-GB' }))).toBe(true);
    expect(isEnglish(candidate({ language: null }))).toBe(true);
    expect(isEnglish(candidate({ language: 'fr' }))).toBe(false);
  });
});

describe('readerAverageRating', () => {
  it('averages the ratings given, ignoring unrated books, and defaults to 4', () => {
    expect(readerAverageRating([])).toBe(4);
    expect(readerAverageRating([null, null])).toBe(4);
    expect(readerAverageRating([5, 3, null])).toBe(4);
    expect(readerAverageRating([2])).toBe(2);
  });
});

describe('filterCandidates', () => {
  it('keeps only books every filter accepts, in order', () => {
    const keep1 = candidate({ isbn: '9780000000011', title: 'Keep One' });
    const keep2 = candidate({ isbn: '9780000000012', title: 'Keep Two', authors: 'Other' });
    const rejected = [
      candidate({ isbn: '9780000000013', title: 'Liked' }),
      candidate({ isbn: '9780000000014', title: 'Disliked' }),
      candidate({ isbn: '9780000000015', title: 'Seen' }),
      candidate({ isbn: '9780000000016', title: 'Read author', authors: 'Read Author' }),
      candidate({ isbn: '9780000000017', title: 'Disliked author', authors: 'Bad Author' }),
      candidate({ isbn: '9780000000018', title: 'Old', publishedDate: '1950' }),
      candidate({ isbn: '9780000000019', title: 'Poorly rated', averageRating: 1.5 }),
      candidate({ isbn: '9780000000020', title: 'Few ratings', ratingsCount: 3 }),
      candidate({ isbn: '9780000000021', title: 'French', language: 'fr' }),
      candidate({ isbn: null, title: 'No ISBN' }),
    ];
    const kept = filterCandidates(
      [rejected[0]!, keep1, ...rejected.slice(1), keep2],
      context({
        likedIsbns: new Set(['9780000000013']),
        dislikedIsbns: new Set(['9780000000014']),
        seenIsbns: new Set(['9780000000015']),
        readAuthors: new Set([authorKey('Read Author')]),
        dislikedAuthors: new Set([authorKey('Bad Author')]),
      }),
    );
    expect(kept.map((b) => b.title)).toEqual(['Keep One', 'Keep Two']);
  });

  it('keeps each book once, by ISBN and by title and lead author', () => {
    const first = candidate({ isbn: '9780000000031', title: 'Twice' });
    const sameIsbn = candidate({ isbn: '9780000000031', title: 'Twice (again)' });
    const otherEdition = candidate({ isbn: '9780000000032', title: 'TWICE' });
    expect(filterCandidates([first, sameIsbn, otherEdition], context())).toEqual([first]);
  });
});

describe('batches', () => {
  it('interleaves the lists of several queries', () => {
    expect(interleave([[1, 2, 3], [10], [20, 21]])).toEqual([1, 10, 20, 2, 21, 3]);
  });

  it('keeps at most 20 and shuffles them deterministically with an injected random', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const batch = pickBatch(items, () => 0);
    expect(batch).toHaveLength(RECOMMENDATION_BATCH_KEEP);
    expect([...batch].sort((a, b) => a - b)).toEqual(items.slice(0, RECOMMENDATION_BATCH_KEEP));
    expect(batch).not.toEqual(items.slice(0, RECOMMENDATION_BATCH_KEEP));
    expect(pickBatch(items, () => 0)).toEqual(batch);
    expect(shuffle([1, 2, 3], () => 0.999)).toEqual([1, 2, 3]);
  });

  it('splits author fields on commas', () => {
    expect(splitAuthors(' A , B,,Unknown ')).toEqual(['A', 'B']);
    expect(splitAuthors(null)).toEqual([]);
  });
});
