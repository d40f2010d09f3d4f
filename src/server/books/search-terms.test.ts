import { describe, expect, it } from 'vitest';
import { ACCENTED_LETTERS, foldAccents, PLAIN_LETTERS } from './accent-fold';
import { searchTerms, toFts5Query, toTsQuery } from './search-terms';

describe('searchTerms', () => {
  it('splits into lower-case words, letters and digits only', () => {
    expect(searchTerms('The HOBBIT, or There and Back Again!')).toEqual([
      'the',
      'hobbit',
      'or',
      'there',
      'and',
      'back',
      'again',
    ]);
    expect(searchTerms('"hobbit" OR *:&|!()')).toEqual(['hobbit', 'or']);
    expect(searchTerms('   ')).toEqual([]);
  });

  it("drops a possessive's lone 's', which as a prefix would match nearly every book", () => {
    expect(searchTerms("children's")).toEqual(['children']);
    expect(searchTerms('Ender’s Game')).toEqual(['ender', 'game']);
    expect(searchTerms('the s')).toEqual(['the', 's']);
  });

  it('folds accents as the indexes do', () => {
    expect(searchTerms('Brontë García Márquez')).toEqual(['bronte', 'garcia', 'marquez']);
    expect(foldAccents('ÉÀÇÑØ')).toBe('eacnØ');
  });

  it('keeps a hyphenated or spaced ISBN as one term', () => {
    expect(searchTerms('978-0-261-10334-4')).toEqual(['9780261103344']);
    expect(searchTerms('0 261 10334 2')).toEqual(['0261103342']);
    expect(searchTerms('043942089X')).toEqual(['043942089x']);
  });

  it('caps the number of terms and their length', () => {
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTerms('x'.repeat(100))[0]).toHaveLength(40);
  });

  it('builds prefix queries for both databases', () => {
    expect(toFts5Query(['hobb', 'tolk'])).toBe('"hobb"* "tolk"*');
    expect(toTsQuery(['hobb', 'tolk'])).toBe("'hobb':* & 'tolk':*");
  });

  it('has one plain letter for every accented one', () => {
    expect([...ACCENTED_LETTERS]).toHaveLength([...PLAIN_LETTERS].length);
    for (const [i, letter] of [...ACCENTED_LETTERS].entries()) {
      const plain = letter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      expect(PLAIN_LETTERS[i]).toBe(plain);
    }
  });
});
