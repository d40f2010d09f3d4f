import { describe, expect, it } from 'vitest';
import { CELL_COUNT, POINTS_FOR_FULL_CARD, POINTS_PER_LINE, POINTS_PER_SQUARE } from './limits';
import { ANTI_DIAGONAL, COLUMNS, computePlacementPoints, MAIN_DIAGONAL, ROWS } from './scoring';

/** Every position except `missing` of `line`, plus nothing else. */
function lineWithout(line: readonly number[], missing: number): Set<number> {
  return new Set(line.filter((cell) => cell !== missing));
}

describe('computePlacementPoints', () => {
  it('gives 10 for a square on an empty card', () => {
    expect(computePlacementPoints(new Set(), 6)).toEqual({
      square: POINTS_PER_SQUARE,
      lines: 0,
      fullCard: 0,
      total: 10,
      completedLines: 0,
    });
  });

  it.each(ROWS.map((row, index) => [index, row] as const))(
    'completes row %i with its last square: 10 + 50',
    (_index, row) => {
      for (const last of row) {
        const points = computePlacementPoints(lineWithout(row, last), last);
        // A row's square may also complete nothing else: the rest of the card is empty.
        expect(points.completedLines).toBe(1);
        expect(points.total).toBe(POINTS_PER_SQUARE + POINTS_PER_LINE);
      }
    },
  );

  it.each(COLUMNS.map((column, index) => [index, column] as const))(
    'completes column %i with its last square: 10 + 50',
    (_index, column) => {
      for (const last of column) {
        const points = computePlacementPoints(lineWithout(column, last), last);
        expect(points.completedLines).toBe(1);
        expect(points.total).toBe(60);
      }
    },
  );

  it('has the diagonals the spec names', () => {
    expect(MAIN_DIAGONAL).toEqual([0, 5, 10, 15]);
    expect(ANTI_DIAGONAL).toEqual([3, 6, 9, 12]);
  });

  it.each([
    ['main', MAIN_DIAGONAL],
    ['anti', ANTI_DIAGONAL],
  ] as const)('completes the %s diagonal with any of its squares', (_name, diagonal) => {
    for (const last of diagonal) {
      const points = computePlacementPoints(lineWithout(diagonal, last), last);
      expect(points.completedLines).toBe(1);
      expect(points.lines).toBe(POINTS_PER_LINE);
      expect(points.total).toBe(60);
    }
  });

  it('counts a row, a column and a diagonal at once: 0, 15, 5 and 10 on the main diagonal', () => {
    for (const position of [0, 15, 5, 10]) {
      const row = ROWS[Math.floor(position / 4)]!;
      const column = COLUMNS[position % 4]!;
      const marked = new Set([...row, ...column, ...MAIN_DIAGONAL]);
      marked.delete(position);
      const points = computePlacementPoints(marked, position);
      expect(points.completedLines).toBe(3);
      expect(points.total).toBe(10 + 3 * 50);
    }
  });

  it('counts a row, a column and a diagonal at once: 3, 12, 6 and 9 on the anti-diagonal', () => {
    for (const position of [3, 12, 6, 9]) {
      const row = ROWS[Math.floor(position / 4)]!;
      const column = COLUMNS[position % 4]!;
      const marked = new Set([...row, ...column, ...ANTI_DIAGONAL]);
      marked.delete(position);
      const points = computePlacementPoints(marked, position);
      expect(points.completedLines).toBe(3);
      expect(points.total).toBe(160);
    }
  });

  it('does not count a diagonal for a square off it', () => {
    // Square 1 is on neither diagonal; the main diagonal is full apart from nothing it touches.
    const marked = new Set([0, 5, 10, 15]);
    expect(computePlacementPoints(marked, 1).total).toBe(POINTS_PER_SQUARE);
  });

  it('does not count a line that was already complete', () => {
    const marked = new Set([0, 1, 2, 3]);
    expect(computePlacementPoints(marked, 4).total).toBe(POINTS_PER_SQUARE);
  });

  it('gives the full-card bonus for the 16th square: 10 + its lines + 100', () => {
    const all = Array.from({ length: CELL_COUNT }, (_, i) => i);
    // Square 0 closes row 0, column 0 and the main diagonal.
    const points = computePlacementPoints(new Set(all.filter((p) => p !== 0)), 0);
    expect(points).toEqual({
      square: 10,
      lines: 150,
      fullCard: POINTS_FOR_FULL_CARD,
      total: 10 + 150 + 100,
      completedLines: 3,
    });
    // Square 1 closes only row 0 and column 1.
    expect(computePlacementPoints(new Set(all.filter((p) => p !== 1)), 1).total).toBe(
      10 + 100 + 100,
    );
  });

  it('sums to the whole card when squares are filled one by one', () => {
    const marked = new Set<number>();
    let total = 0;
    for (let position = 0; position < CELL_COUNT; position += 1) {
      total += computePlacementPoints(marked, position).total;
      marked.add(position);
    }
    // 16 squares, 4 rows, 4 columns, 2 diagonals, the full card.
    expect(total).toBe(16 * 10 + 10 * 50 + 100);
  });

  it('awards nothing for replacing the book on a marked square', () => {
    expect(computePlacementPoints(new Set([2, 7]), 7)).toEqual({
      square: 0,
      lines: 0,
      fullCard: 0,
      total: 0,
      completedLines: 0,
    });
  });

  it.each([-1, 16, 1.5, Number.NaN])('refuses position %s', (position) => {
    expect(() => computePlacementPoints(new Set(), position)).toThrow(RangeError);
  });
});
