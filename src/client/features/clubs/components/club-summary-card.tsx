import { useId, type ReactNode } from 'react';
import { messages } from '../../../../lib/messages';
import type { ClubSummary } from '../../../../lib/schemas/clubs';

interface ClubSummaryCardProps {
  club: ClubSummary;
  /** The card's heading; the club's name when omitted. */
  heading?: string;
  /** The action under it: Join club, Ask to join, or the pending text. */
  children?: ReactNode;
}

/** What anyone signed in may see of a club: its name, description and size (plain text). */
export function ClubSummaryCard({ club, heading, children }: ClubSummaryCardProps) {
  const headingId = useId();
  return (
    <section className="panel club-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="club-summary__name">
        {heading ?? club.name}
      </h2>
      {club.description ? <p className="club-summary__description">{club.description}</p> : null}
      <p className="club-summary__count">{messages.clubs.memberCount(club.memberCount)}</p>
      {children ? <div className="club-summary__actions">{children}</div> : null}
    </section>
  );
}
