import {
  CELL_COUNT,
  GRID_SIZE,
  POINTS_FOR_FULL_CARD,
  POINTS_PER_LINE,
  POINTS_PER_SQUARE,
} from './limits';

/** The cells of each row, column and diagonal of the card, by position 0-15. */
export const ROWS = Array.from({ length: GRID_SIZE }, (_, r) =>
  Array.from({ length: GRID_SIZE }, (_, c) => r * GRID_SIZE + c),
);
export const COLUMNS = Array.from({ length: GRID_SIZE }, (_, c) =>
  Array.from({ length: GRID_SIZE }, (_, r) => r * GRID_SIZE + c),
);
/** Cells 0, 5, 10, 15. */
export const MAIN_DIAGONAL = Array.from({ length: GRID_SIZE }, (_, i) => i * (GRID_SIZE + 1));
/** Cells 3, 6, 9, 12. */
export const ANTI_DIAGONAL = Array.from({ length: GRID_SIZE }, (_, i) => (i + 1) * (GRID_SIZE - 1));

export interface PlacementPoints {
  square: number;
  lines: number;
  fullCard: number;
  total: number;
  completedLines: number;
}

/**
 * Points earned by marking `position` on a card whose already-marked squares are `marked`
 * (SPEC.md section 9): 10 for the square, 50 for each row, column or diagonal this square
 * completes (diagonals only for squares on them), 100 when the card becomes full.
 * Replacing a book on a marked square earns nothing.
 */
export function computePlacementPoints(
  marked: ReadonlySet<number>,
  position: number,
): PlacementPoints {
  if (!Number.isInteger(position) || position < 0 || position >= CELL_COUNT) {
    throw new RangeError(`position must be 0-${CELL_COUNT - 1}, got ${position}`);
  }
  if (marked.has(position)) {
    return { square: 0, lines: 0, fullCard: 0, total: 0, completedLines: 0 };
  }
  const after = new Set(marked).add(position);
  const lines = [ROWS[Math.floor(position / GRID_SIZE)]!, COLUMNS[position % GRID_SIZE]!];
  if (MAIN_DIAGONAL.includes(position)) lines.push(MAIN_DIAGONAL);
  if (ANTI_DIAGONAL.includes(position)) lines.push(ANTI_DIAGONAL);
  const completedLines = lines.filter((line) => line.every((cell) => after.has(cell))).length;
  const square = POINTS_PER_SQUARE;
  const linePoints = completedLines * POINTS_PER_LINE;
  const fullCard = after.size === CELL_COUNT ? POINTS_FOR_FULL_CARD : 0;
  return {
    square,
    lines: linePoints,
    fullCard,
    total: square + linePoints + fullCard,
    completedLines,
  };
}
