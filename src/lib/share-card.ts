import { CELL_COUNT } from './limits';
import { ANTI_DIAGONAL, COLUMNS, MAIN_DIAGONAL, ROWS } from './scoring';

/**
 * What a shared card shows (issue 12): the grid's title, each square's challenge and the book on
 * it, and the points the card earned. Nothing else of the reader's: no name, no email, no
 * private field, so nothing the reader did not choose to show can reach a public page.
 */
export interface ShareCardSquare {
  position: number;
  challenge: string;
  /** The book on the square, or null while it is empty. */
  book: { title: string; authors: string; isWildcard: boolean } | null;
}

export interface ShareCard {
  gridTitle: string;
  squares: ShareCardSquare[];
  points: number;
}

/** The completed lines of a card, by kind, numbered from 1 as a person counts them. */
export interface CompletedLines {
  rows: number[];
  columns: number[];
  /** 'main' runs from the top left to the bottom right, 'anti' from the top right. */
  diagonals: Array<'main' | 'anti'>;
}

/** The rows, columns and diagonals whose four squares all hold a book. */
export function findCompletedLines(filled: ReadonlySet<number>): CompletedLines {
  const full = (line: number[]) => line.every((p) => filled.has(p));
  return {
    rows: ROWS.flatMap((line, i) => (full(line) ? [i + 1] : [])),
    columns: COLUMNS.flatMap((line, i) => (full(line) ? [i + 1] : [])),
    diagonals: [
      ...(full(MAIN_DIAGONAL) ? (['main'] as const) : []),
      ...(full(ANTI_DIAGONAL) ? (['anti'] as const) : []),
    ],
  };
}

/** The positions of the squares that hold a book. */
export function filledPositions(card: ShareCard): Set<number> {
  return new Set(card.squares.filter((s) => s.book).map((s) => s.position));
}

/** 'rows 1 and 3', 'row 2', 'columns 1, 2 and 4'. */
function listOf(noun: string, numbers: number[]): string {
  const name = numbers.length === 1 ? noun : `${noun}s`;
  return `${name} ${joinWithAnd(numbers.map(String))}`;
}

function joinWithAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** How many lines are complete, in words: 'rows 1 and 3 complete; the main diagonal complete'. */
export function describeLines(lines: CompletedLines): string {
  const parts: string[] = [];
  if (lines.rows.length) parts.push(`${listOf('row', lines.rows)} complete`);
  if (lines.columns.length) parts.push(`${listOf('column', lines.columns)} complete`);
  for (const diagonal of lines.diagonals) {
    parts.push(
      diagonal === 'main'
        ? 'the diagonal from top left complete'
        : 'the diagonal from top right complete',
    );
  }
  return parts.length ? parts.join('; ') : 'no line complete yet';
}

/** The number of completed rows, columns and diagonals. */
export function countLines(lines: CompletedLines): number {
  return lines.rows.length + lines.columns.length + lines.diagonals.length;
}

/**
 * The card read out, for the image's alt text and the share page: '12 of 16 squares; rows 1
 * and 3 complete; 270 points. Square 1, A classic: Emma by Jane Austen. Square 2, Poetry: empty.'
 */
export function describeShareCard(card: ShareCard): string {
  const summary = `${card.gridTitle}: ${summarizeShareCard(card)}`;
  const squares = [...card.squares]
    .sort((a, b) => a.position - b.position)
    .map((square) => {
      const book = square.book
        ? `${square.book.title}${square.book.authors ? ` by ${square.book.authors}` : ''}${
            square.book.isWildcard ? ' (wildcard)' : ''
          }`
        : 'empty';
      return `Square ${square.position + 1}, ${square.challenge}: ${book}.`;
    });
  return [`${summary}.`, ...squares].join(' ');
}

/** The short line social sites show under the title: '12 of 16 squares; rows 1 and 3 complete; 270 points'. */
export function summarizeShareCard(card: ShareCard): string {
  const filled = filledPositions(card);
  return [
    `${filled.size} of ${CELL_COUNT} squares`,
    describeLines(findCompletedLines(filled)),
    `${card.points} ${card.points === 1 ? 'point' : 'points'}`,
  ].join('; ');
}
