import { messages } from '../../../../lib/messages';
import type { BingoCell, CellPlacement } from '../../../../lib/schemas/bingo';
import { BookCover } from '../../../components/book-cover';
import { Modal } from '../../../components/modal';
import { WildcardIcon } from './wildcard-icon';

/** The book on a square, as its sheet shows it: cover, the title on up to two lines, wildcard. */
export function SquareBook({ placement }: { placement: CellPlacement }) {
  return (
    <div className="square-book">
      <BookCover
        coverUrl={placement.coverUrl}
        title={placement.bookTitle}
        isbn={placement.bookIsbn}
        size="small"
      />
      <div className="square-book__text">
        <p className="square-book__label">{messages.bingo.onThisSquare}</p>
        <p className="square-book__title" title={placement.bookTitle}>
          {placement.bookTitle}
        </p>
        {placement.isWildcard ? (
          <p className="square-book__wildcard">
            <WildcardIcon />
            Wildcard
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A square of a past grid: its challenge and book, read-only (SPEC.md section 4). */
export function SquareDetailsModal({ cell, onClose }: { cell: BingoCell; onClose: () => void }) {
  return (
    <Modal title={cell.challenge} onClose={onClose}>
      {cell.placement ? (
        <SquareBook placement={cell.placement} />
      ) : (
        <p className="empty">{messages.bingo.notMarked}</p>
      )}
      <p className="note">{messages.bingo.historicalGrid}</p>
    </Modal>
  );
}
