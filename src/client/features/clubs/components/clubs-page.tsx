import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { myClubsQueryOptions } from '../api/clubs-api';
import '../clubs.css';
import { CreateClubForm } from './create-club-form';
import { JoinByCodeForm } from './join-codes';

/** /clubs (issue 12): the reader's clubs, each with its size and the reader's role, and a form to start one. */
export function ClubsPage() {
  useDocumentTitle(messages.clubs.pageTitle);
  const headingId = useId();
  const clubs = useQuery(myClubsQueryOptions);

  let list;
  if (clubs.isPending) list = <Spinner label={messages.clubs.loading} showLabel />;
  else if (clubs.isError)
    list = <LoadError error={clubs.error} fallback={messages.clubs.loadFailed} />;
  else if (clubs.data.clubs.length === 0) list = <p className="empty">{messages.clubs.noClubs}</p>;
  else
    list = (
      <ul className="club-list">
        {clubs.data.clubs.map((club) => (
          <li key={club.id}>
            <Link className="club-list__link" to={`/clubs/${encodeURIComponent(club.id)}`}>
              <span className="club-list__name">{club.name}</span>
              <span className="club-list__meta">
                {messages.clubs.memberCount(club.memberCount)}
                {club.role ? ` · ${messages.clubs.roles[club.role]}` : ''}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="page clubs">
      <h1>{messages.clubs.pageTitle}</h1>
      <p className="clubs__intro">{messages.clubs.intro}</p>
      <section aria-labelledby={headingId}>
        <h2 id={headingId}>{messages.clubs.myClubs}</h2>
        {list}
      </section>
      <JoinByCodeForm />
      <CreateClubForm />
    </div>
  );
}
