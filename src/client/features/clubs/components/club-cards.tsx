import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { ClubSummary } from '../../../../lib/schemas/clubs';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { clubCardsQueryOptions } from '../api/clubs-api';
import { CreateClubCardForm } from './create-club-card-form';
import { CardResultsLink } from '../../../components/card-results-link';
import { PrintCardLinks } from '../../../components/print-card-links';
import { isOwner } from '../club-roles';
import { seasonAddressOf } from '../../season/api/season-api';

/** A card's own reset day (YYYY-MM-DD) as people read it, e.g. '31 Dec 2026'. */
export function formatResetDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
}

/** The bingo page opens the grid named in ?grid= (features/bingo/components/bingo-page.tsx). */
export function bingoAddressOf(gridId: string): string {
  return `/bingo?grid=${encodeURIComponent(gridId)}`;
}

/**
 * The club's cards, newest first: the current one marked, past ones read-only. Each opens on the
 * bingo page with that card chosen. Owners create a card with the challenge editor.
 */
export function ClubCards({ club }: { club: ClubSummary }) {
  const cards = useQuery(clubCardsQueryOptions(club.id));
  const [isCreating, setIsCreating] = useState(false);
  const owner = isOwner(club);

  let list;
  if (cards.isPending) list = <Spinner label={messages.clubs.loading} showLabel />;
  else if (cards.isError)
    list = <LoadError error={cards.error} fallback={messages.clubs.listFailed} />;
  else if (cards.data.cards.length === 0) list = <p className="empty">{messages.clubs.noCards}</p>;
  else
    list = (
      <ul className="club-rows" aria-label={messages.clubs.cards}>
        {cards.data.cards.map((card) => (
          <li key={card.id} className="club-row">
            <div className="club-row__who">
              <Link
                to={bingoAddressOf(card.id)}
                className="club-row__name"
                aria-label={messages.clubs.openCard(card.title)}
              >
                {card.title}
              </Link>
              <span className={card.isCurrent ? 'club-role club-role--owner' : 'club-role'}>
                {card.isCurrent ? messages.clubs.currentCard : messages.clubs.pastCard}
              </span>
              {card.resetDate ? (
                <span className="club-row__meta">
                  {messages.clubs.cardEnds(formatResetDay(card.resetDate))}
                </span>
              ) : null}
              {owner ? (
                // Issue 24: the card's season dashboard and its results, for its owners.
                <>
                  <Link
                    to={`/dashboard/${encodeURIComponent(card.id)}`}
                    className="club-row__meta"
                    aria-label={messages.dashboard.openDashboardOf(card.title)}
                  >
                    {messages.dashboard.openDashboard}
                  </Link>
                  <CardResultsLink gridId={card.id} title={card.title} />
                </>
              ) : null}
            </div>
            {/* Issue 24: every member may print the card, blank or with their own books. */}
            <div className="club-row__actions">
              {/* Issue 25: every member may read the card's season statistics. */}
              <Link
                to={seasonAddressOf(card.id)}
                className="button button--secondary button--small"
                aria-label={messages.seasonStats.openSeasonOf(card.title)}
              >
                {messages.seasonStats.openSeason}
              </Link>
              <PrintCardLinks
                gridId={card.id}
                title={card.title}
                className="button button--secondary button--small"
              />
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <>
      {owner && !isCreating ? (
        <div className="tab-toolbar">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setIsCreating(true)}
          >
            {messages.clubs.createCard}
          </button>
        </div>
      ) : null}
      {owner && isCreating ? (
        <CreateClubCardForm clubId={club.id} onDone={() => setIsCreating(false)} />
      ) : null}
      {list}
    </>
  );
}
