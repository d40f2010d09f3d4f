import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { FriendBook } from '../../../../lib/schemas/library';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { StarRating } from '../../../components/star-rating';
import { Tabs } from '../../../components/tabs';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { userProfileQueryOptions } from '../api/profile-api';
import { ProfileCard, shownNameOf } from './profile-card';
import { ReportButton } from '../../reports/components/report-button';
import { BlockReaderButton } from './block-reader';
import { BookRow } from './book-row';
import { HiddenProfile } from './hidden-profile';
import { FriendReadingYear, parseYearParam } from './reading-year';
import { StatsList } from './stats-list';
import { WantToReadList } from './want-to-read-list';

export const FRIEND_PAGE_TEXT = {
  loading: 'Loading profile...',
  noBooks: 'No finished books yet.',
  noWantToRead: 'Nothing on the want to read list yet.',
} as const;

/** A friend's finished books; a rating is shown only where they gave one (SPEC.md section 2). */
function FriendBooks({ books, name }: { books: readonly FriendBook[]; name: string }) {
  if (books.length === 0) return <p className="empty">{FRIEND_PAGE_TEXT.noBooks}</p>;
  return (
    <ul className="book-list">
      {books.map((book) => (
        <BookRow key={book.isbn} book={book}>
          <span className="book-row__author">{book.author ?? messages.book.unknown}</span>
          {book.rating !== null ? (
            <StarRating value={book.rating} label={`${name}'s rating`} />
          ) : null}
        </BookRow>
      ))}
    </ul>
  );
}

function FriendProfile(props: { userId: string; year?: number; initialTab?: 'stats' }) {
  const { userId, year } = props;
  const query = useQuery(userProfileQueryOptions(userId));
  if (query.isPending) return <Spinner label={FRIEND_PAGE_TEXT.loading} showLabel />;
  if (query.isError)
    return <LoadError error={query.error} fallback={messages.profile.loadFailed} />;
  // Issue 12: hidden by the reader's visibility or a block.
  if (query.data.access === 'hidden') return <HiddenProfile answer={query.data} />;
  const { profile, books, wantToRead, stats } = query.data;
  const name = shownNameOf(profile);
  return (
    <>
      <ProfileCard profile={profile} />
      <div className="profile-privacy-actions">
        <BlockReaderButton userId={profile.id} name={name} />
        <ReportButton
          targetType="profile"
          targetId={profile.id}
          ownerId={profile.id}
          label={messages.reporting.reportProfile(name)}
          className="button button--secondary"
        />
      </div>
      <Tabs
        label={`${name}'s reading`}
        initialTabId={props.initialTab}
        tabs={[
          { id: 'books', label: 'Books', render: () => <FriendBooks books={books} name={name} /> },
          {
            id: 'want-to-read',
            label: `Want to Read (${wantToRead.length})`,
            render: () =>
              wantToRead.length === 0 ? (
                <p className="empty">{FRIEND_PAGE_TEXT.noWantToRead}</p>
              ) : (
                <WantToReadList books={wantToRead} />
              ),
          },
          {
            id: 'stats',
            label: 'Stats',
            render: () => (
              <>
                <StatsList stats={stats} />
                <FriendReadingYear userId={profile.id} name={name} year={year} />
              </>
            ),
          },
        ]}
      />
    </>
  );
}

/** Another reader's read-only profile (`/friend/:userId`), cached for five minutes. */
export function FriendPage({ initialTab }: { initialTab?: 'stats' } = {}) {
  useDocumentTitle('Friend');
  const { userId = '', year } = useParams();
  const { user } = useCurrentUser();
  // One's own id leads to the editable profile.
  if (user && userId === user.id) {
    return (
      <Navigate
        to={initialTab === 'stats' ? `/profile/stats${year ? `/${year}` : ''}` : '/profile'}
        replace
      />
    );
  }
  return (
    <div className="page profile-page">
      <h1>Friend</h1>
      <FriendProfile
        key={userId}
        userId={userId}
        year={parseYearParam(year)}
        initialTab={initialTab}
      />
    </div>
  );
}
