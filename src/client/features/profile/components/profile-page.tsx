import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { Tabs } from '../../../components/tabs';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { NotKeptOffline, OfflineReadOnly } from '../../../offline/offline-read-only';
import { readingHistoryTexts } from '../../reading-history/texts';
import { profileQueryOptions, wantToReadQueryOptions } from '../api/profile-api';
import { DeleteAccount } from './delete-account';
import { FriendsTab } from './friends-tab';
import { MyBooksTab } from './my-books-tab';
import { ProfileCard } from './profile-card';
import { EditProfileModal, ReadingHistoryPanel } from './profile-parts';
import { OwnReadingYear, parseYearParam } from './reading-year';
import { StatsList } from './stats-list';
import { WantToReadTab } from './want-to-read-tab';

export const PROFILE_LOADING = 'Loading profile...';
const EDIT_PARAM = 'edit';
const EDIT_VALUE = 'profile';

/**
 * Own profile (SPEC.md section 2): the card with Edit Profile, and the tabs My Books, Want to
 * Read (with its count), Stats and Friends, then Reading history (import and export, issue 9).
 * Each tab loads its list when it is opened.
 */
export function ProfilePage({ initialTab }: { initialTab?: 'stats' } = {}) {
  useDocumentTitle('Profile');
  const profile = useQuery(profileQueryOptions);
  // The list's own count once it has loaded (it follows removals at once), else the card's.
  const wantToRead = useQuery({ ...wantToReadQueryOptions, enabled: false });
  // Edit Profile lives in the address (?edit=profile), so a link can open it: a bingo square
  // that needs the reader's birth year or first name links here (issue 12).
  const [searchParams, setSearchParams] = useSearchParams();
  // Issue 25: /profile/stats and /profile/stats/2026 open the Stats tab on that year.
  const { year: yearParam } = useParams();
  const year = parseYearParam(yearParam);
  const isEditing = searchParams.get(EDIT_PARAM) === EDIT_VALUE;
  const setIsEditing = (open: boolean) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (open) next.set(EDIT_PARAM, EDIT_VALUE);
        else next.delete(EDIT_PARAM);
        return next;
      },
      { replace: true },
    );

  let body;
  if (profile.isPending) {
    // Issue 26: offline, a profile never loaded on this device waits (paused), it does not fail.
    body =
      profile.fetchStatus === 'paused' ? (
        <NotKeptOffline />
      ) : (
        <Spinner label={PROFILE_LOADING} showLabel />
      );
  } else if (profile.isError && !profile.data) {
    body = <LoadError error={profile.error} fallback={messages.profile.loadFailed} />;
  } else {
    const { stats, counts } = profile.data;
    const wantToReadCount = wantToRead.data?.count ?? counts.wantToRead;
    body = (
      <>
        <ProfileCard profile={profile.data.profile} onEdit={() => setIsEditing(true)} />
        <Tabs
          label="Your reading"
          initialTabId={initialTab}
          tabs={[
            // Issue 26: offline, each tab shows what was last seen, its buttons turned off.
            {
              id: 'books',
              label: 'My Books',
              render: () => (
                <OfflineReadOnly>
                  <MyBooksTab />
                </OfflineReadOnly>
              ),
            },
            {
              id: 'want-to-read',
              label: `Want to Read (${wantToReadCount})`,
              render: () => (
                <OfflineReadOnly>
                  <WantToReadTab />
                </OfflineReadOnly>
              ),
            },
            {
              id: 'stats',
              label: 'Stats',
              render: () => (
                <>
                  <StatsList stats={stats} />
                  <OwnReadingYear year={year} />
                </>
              ),
            },
            {
              id: 'friends',
              label: 'Friends',
              render: () => (
                <OfflineReadOnly>
                  <FriendsTab />
                </OfflineReadOnly>
              ),
            },
            // Import a Goodreads or StoryGraph library, download your data (issue 5): a tab of
            // its own, so it neither fills a phone's screen under every tab nor moves as they load.
            {
              id: 'reading-history',
              label: readingHistoryTexts.heading,
              // Issue 23: deleting the account sits beside 'download your data', in the same tab.
              render: () => (
                <OfflineReadOnly>
                  <ReadingHistoryPanel />
                  <DeleteAccount />
                </OfflineReadOnly>
              ),
            },
          ]}
        />
        {isEditing ? (
          <EditProfileModal profile={profile.data.profile} onClose={() => setIsEditing(false)} />
        ) : null}
      </>
    );
  }

  return (
    <div className="page profile-page">
      <h1>Profile</h1>
      {body}
    </div>
  );
}
