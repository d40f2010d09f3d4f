import type { BingoCell, CellPlacement, PlacedBook } from '../../../lib/schemas/bingo';
import { coverUrlOf } from '../books/books.mapper';
import type { PlacementRow } from './bingo.repository';

/** What a square shows of its placement. */
export type PlacementView = Pick<
  PlacementRow,
  'bookIsbn' | 'bookTitle' | 'isWildcard' | 'points' | 'coverUrl' | 'authors'
> &
  Partial<Pick<PlacementRow, 'ruleMet'>>;

export function toCellPlacement(row: PlacementView): CellPlacement {
  return {
    bookIsbn: row.bookIsbn,
    bookTitle: row.bookTitle,
    coverUrl: coverUrlOf({
      isbn: row.bookIsbn,
      coverUrl: row.coverUrl,
      title: row.bookTitle,
      authors: row.authors ?? '',
    }),
    isWildcard: row.isWildcard,
    points: row.points,
    ruleMet: row.ruleMet ?? null,
  };
}

export function toPlacedBook(
  row: PlacementView & Pick<PlacementRow, 'cellId' | 'position'>,
): PlacedBook {
  return { ...toCellPlacement(row), cellId: row.cellId, position: row.position };
}

export function toBingoCell(
  cell: { id: string; position: number; challenge: string; label: string },
  placement: PlacementRow | undefined,
): BingoCell {
  return {
    id: cell.id,
    position: Number(cell.position),
    challenge: cell.challenge,
    label: cell.label,
    placement: placement ? toCellPlacement(placement) : null,
  };
}
