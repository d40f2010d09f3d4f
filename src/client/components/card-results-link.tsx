import { messages } from '../../lib/messages';

/**
 * Issue 24: a link that downloads a card's results as CSV (the server decides who may: admins
 * the shared card, owners a club card). Small on purpose, for the admin page's card section and
 * the club page's cards to mount.
 */
export function CardResultsLink({ gridId, title }: { gridId: string; title: string }) {
  return (
    <a
      className="card-results-link"
      href={`/api/grids/${encodeURIComponent(gridId)}/results.csv`}
      download
      aria-label={messages.cardResults.downloadLabel(title)}
    >
      {messages.cardResults.download}
    </a>
  );
}
