import { Link } from 'react-router';
import { messages } from '../../lib/messages';

/** What a link to the print view carries: open the browser's print dialog once the card is there. */
export interface PrintViewState {
  print?: boolean;
}

/** The print view of a card (features/bingo/components/print-page.tsx): blank, or with the reader's books. */
export function printAddressOf(gridId: string, filled: boolean): string {
  const path = `/print/${encodeURIComponent(gridId)}`;
  return filled ? `${path}?filled=1` : path;
}

/**
 * Issue 24: "Print blank card" (challenges only, for a classroom wall) and "Print my card" (the
 * reader's books on their squares). Each opens the print view, which asks the browser to print.
 * Shared so the bingo card and the club page's cards offer the same two links; `mine` is false
 * for a guest, who has no books to print.
 */
export function PrintCardLinks({
  gridId,
  title,
  mine = true,
  className = 'button button--secondary',
}: {
  gridId: string;
  title: string;
  mine?: boolean;
  className?: string;
}) {
  const state: PrintViewState = { print: true };
  return (
    <>
      <Link
        to={printAddressOf(gridId, false)}
        state={state}
        className={className}
        aria-label={messages.printCard.printBlankOf(title)}
      >
        {messages.printCard.printBlank}
      </Link>
      {mine ? (
        <Link
          to={printAddressOf(gridId, true)}
          state={state}
          className={className}
          aria-label={messages.printCard.printMineOf(title)}
        >
          {messages.printCard.printMine}
        </Link>
      ) : null}
    </>
  );
}
