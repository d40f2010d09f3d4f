import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { NotKeptOffline } from '../../../offline/offline-read-only';
import { wantToReadQueryOptions } from '../api/profile-api';
import { useRemoveWantToRead } from '../hooks/use-profile-actions';
import { WantToReadList } from './want-to-read-list';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';

export const WANT_TO_READ_TEXT = {
  loading: 'Loading your want to read list...',
  empty: 'Your want to read list is empty. Like a book on the recommendations page to add it.',
} as const;

/** Want to Read: the reader's list, each with a link to its book page and a remove button. */
export function WantToReadTab() {
  const list = useQuery(wantToReadQueryOptions);
  const remove = useRemoveWantToRead();
  const removing = useSubmitGuard();

  if (list.isPending) {
    // Issue 26: offline, a list never loaded on this device waits (paused) instead of failing.
    return list.fetchStatus === 'paused' ? (
      <NotKeptOffline />
    ) : (
      <Spinner label={WANT_TO_READ_TEXT.loading} showLabel />
    );
  }
  if (list.isError && !list.data)
    return <LoadError error={list.error} fallback={messages.wantToRead.loadFailed} />;
  if (list.data.books.length === 0) return <p className="empty">{WANT_TO_READ_TEXT.empty}</p>;
  return (
    <WantToReadList
      books={list.data.books}
      onRemove={(book) => void removing.run(() => remove.mutateAsync(book.isbn))}
      removingIsbn={remove.isPending ? remove.variables : null}
    />
  );
}
