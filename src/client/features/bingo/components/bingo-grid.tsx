import { useRef, useState, type KeyboardEvent } from 'react';
import { GRID_SIZE } from '../../../../lib/limits';
import type { BingoCell } from '../../../../lib/schemas/bingo';
import { messages } from '../../../../lib/messages';
import { BookCover } from '../../../components/book-cover';
import { WildcardIcon } from './wildcard-icon';

/** The rule-met check, drawn inline: a font's check mark may be missing (issue 9). */
export function RuleMetIcon() {
  return (
    <svg
      className="rule-met__icon"
      viewBox="0 0 24 24"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 12.5l5 5L20 6.5" />
    </svg>
  );
}

/** What a screen reader hears for a square: its challenge, then what is on it. */
export function describeCell(cell: BingoCell, readOnly: boolean): string {
  const { placement } = cell;
  const state = placement
    ? `Marked with ${placement.bookTitle}${placement.isWildcard ? ' (wildcard)' : ''}${
        placement.ruleMet ? `. ${messages.fit.ruleMetMark}` : ''
      }`
    : readOnly
      ? 'Not marked'
      : 'Not marked yet, choose a book';
  return `${cell.challenge}. ${state}${readOnly ? '. Read-only' : ''}`;
}

const KEY_MOVES: Record<string, (index: number) => number> = {
  ArrowRight: (i) => (i % GRID_SIZE === GRID_SIZE - 1 ? i : i + 1),
  ArrowLeft: (i) => (i % GRID_SIZE === 0 ? i : i - 1),
  ArrowDown: (i) => (i + GRID_SIZE < GRID_SIZE * GRID_SIZE ? i + GRID_SIZE : i),
  ArrowUp: (i) => (i - GRID_SIZE >= 0 ? i - GRID_SIZE : i),
  Home: (i) => i - (i % GRID_SIZE),
  End: (i) => i - (i % GRID_SIZE) + GRID_SIZE - 1,
};

/** Issue 26: a square whose placement was made offline: waiting to be sent, or refused. */
export interface PendingSquare {
  /** 'Waiting to send (1 in line)' or the server's refusal, said after the square's state. */
  text: string;
  refused: boolean;
}

interface BingoGridProps {
  cells: readonly BingoCell[];
  /** A past grid: squares explain that they cannot change instead of opening the search. */
  readOnly: boolean;
  onActivate: (cell: BingoCell) => void;
  /** Squares with a placement made offline, by cell id (issue 26). */
  pending?: ReadonlyMap<string, PendingSquare>;
}

/**
 * The 4x4 card as an ARIA grid: one Tab stop, arrow keys (and Home/End) move between squares,
 * Enter or Space opens a square. Each square is a button named after its whole challenge and
 * state. On a phone a square shows the challenge's short label (issue 22: a card is read at a
 * glance) above the book's cover, and opens a sheet with the whole challenge and the book; from
 * 600 px it grows to show the whole challenge and the book's title instead.
 */
export function BingoGrid({ cells, readOnly, onActivate, pending }: BingoGridProps) {
  const ordered = [...cells].sort((a, b) => a.position - b.position);
  const rows = Array.from({ length: Math.ceil(ordered.length / GRID_SIZE) }, (_, r) =>
    ordered.slice(r * GRID_SIZE, (r + 1) * GRID_SIZE),
  );
  const [activeIndex, setActiveIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = Math.min(move(activeIndex), ordered.length - 1);
    setActiveIndex(next);
    buttons.current[next]?.focus();
  }

  return (
    <div
      className={readOnly ? 'bingo-grid bingo-grid--readonly' : 'bingo-grid'}
      role="grid"
      aria-label="Bingo card"
      aria-readonly={readOnly || undefined}
      onKeyDown={handleKeyDown}
    >
      {rows.map((row, r) => (
        <div role="row" className="bingo-grid__row" key={r}>
          {row.map((cell, c) => {
            const index = r * GRID_SIZE + c;
            const { placement } = cell;
            const waiting = pending?.get(cell.id);
            const classes = ['bingo-square'];
            if (placement) classes.push('bingo-square--marked');
            if (waiting)
              classes.push(waiting.refused ? 'bingo-square--refused' : 'bingo-square--waiting');
            return (
              <div role="gridcell" className="bingo-grid__cell" key={cell.id}>
                <button
                  ref={(element) => {
                    buttons.current[index] = element;
                  }}
                  type="button"
                  className={classes.join(' ')}
                  tabIndex={index === activeIndex ? 0 : -1}
                  aria-label={
                    waiting
                      ? `${describeCell(cell, readOnly)}. ${waiting.text}`
                      : describeCell(cell, readOnly)
                  }
                  aria-disabled={readOnly || undefined}
                  onFocus={() => setActiveIndex(index)}
                  onClick={() => onActivate(cell)}
                >
                  {/* Issue 22: the phone shows the short label, the desktop the whole text. */}
                  <span className="bingo-square__label" aria-hidden="true">
                    {cell.label || cell.challenge}
                  </span>
                  <span className="bingo-square__challenge">{cell.challenge}</span>
                  {waiting ? (
                    <span className="bingo-square__pending" aria-hidden="true">
                      {waiting.text}
                    </span>
                  ) : null}
                  {placement ? (
                    <span className="bingo-square__book">
                      <BookCover
                        // A new book on the square gets a fresh cover (and fallback state).
                        key={placement.bookIsbn}
                        coverUrl={placement.coverUrl}
                        title={placement.bookTitle}
                        isbn={placement.bookIsbn}
                        size="small"
                      />
                      <span className="bingo-square__title">{placement.bookTitle}</span>
                      {placement.ruleMet ? (
                        // Issue 11: a quiet mark for a book the server saw meet the square.
                        <span
                          className="rule-met"
                          title={messages.fit.ruleMetMark}
                          aria-hidden="true"
                        >
                          <RuleMetIcon />
                        </span>
                      ) : null}
                      {placement.isWildcard ? (
                        <span className="bingo-square__wildcard">
                          <WildcardIcon />
                          <span className="bingo-square__wildcard-text">Wildcard</span>
                        </span>
                      ) : null}
                    </span>
                  ) : (
                    <span className="bingo-square__empty" aria-hidden="true">
                      +
                    </span>
                  )}
                </button>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
