import { describe, expect, it } from 'vitest';
import {
  describeShareCard,
  findCompletedLines,
  summarizeShareCard,
  type ShareCard,
} from './share-card';

function cardWith(filled: number[], points = 0): ShareCard {
  return {
    gridTitle: 'May Reading Challenge',
    points,
    squares: Array.from({ length: 16 }, (_, position) => ({
      position,
      challenge: `Challenge ${position + 1}`,
      book: filled.includes(position)
        ? { title: `Book ${position + 1}`, authors: 'A. Author', isWildcard: position === 2 }
        : null,
    })),
  };
}

describe('the completed lines of a card', () => {
  it('finds rows, columns and both diagonals, numbered from 1', () => {
    expect(findCompletedLines(new Set([0, 1, 2, 3, 8, 9, 10, 11]))).toEqual({
      rows: [1, 3],
      columns: [],
      diagonals: [],
    });
    expect(findCompletedLines(new Set([1, 5, 9, 13, 0, 10, 15]))).toEqual({
      rows: [],
      columns: [2],
      diagonals: ['main'],
    });
    expect(findCompletedLines(new Set([3, 6, 9, 12]))).toEqual({
      rows: [],
      columns: [],
      diagonals: ['anti'],
    });
  });
});

describe('the card read out', () => {
  it('counts the squares, names the complete lines and the points', () => {
    const card = cardWith([0, 1, 2, 3, 8, 9, 10, 11, 4, 6, 13, 15], 270);
    expect(summarizeShareCard(card)).toBe('12 of 16 squares; rows 1 and 3 complete; 270 points');
  });

  it('reads every square with its challenge and book, the wildcard marked', () => {
    const text = describeShareCard(cardWith([2], 10));
    expect(text).toMatch(
      /^May Reading Challenge: 1 of 16 squares; no line complete yet; 10 points\./,
    );
    expect(text).toContain('Square 1, Challenge 1: empty.');
    expect(text).toContain('Square 3, Challenge 3: Book 3 by A. Author (wildcard).');
    expect(text).toContain('Square 16, Challenge 16: empty.');
  });

  it('lists three or more lines with commas and "and"', () => {
    const all = Array.from({ length: 16 }, (_, i) => i);
    expect(summarizeShareCard(cardWith(all, 1))).toBe(
      '16 of 16 squares; rows 1, 2, 3 and 4 complete; columns 1, 2, 3 and 4 complete; ' +
        'the diagonal from top left complete; the diagonal from top right complete; 1 point',
    );
  });
});
