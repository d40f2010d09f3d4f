import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { messages } from '../../lib/messages';
import { useCurrentUser } from '../hooks/use-current-user';
import { lastFetchedAt } from './offline-cache';
import { useOnline } from './use-online';

/** HH:MM on the reader's clock, as the notice shows it ("as of 14:32"). */
export function clockTime(at: number): string {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The id of the notice: controls turned off offline point to it for their reason. */
export const OFFLINE_NOTICE_ID = 'offline-notice';

/** The notice's text: when the kept data was fetched, kept up to date as the cache changes. */
function OfflineNoticeText() {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const fetchedAt = useSyncExternalStore(subscribe, () => lastFetchedAt(queryClient));
  if (fetchedAt === null) return null;
  return (
    <p id={OFFLINE_NOTICE_ID} className="offline-notice" role="status">
      {messages.offline.showingCardAsOf(clockTime(fetchedAt))}
    </p>
  );
}

/**
 * The quiet notice over every page while a signed-in reader is offline (issue 26): what they
 * see is what was last fetched, and when. Online it renders nothing and follows nothing (the
 * cache changes many times while a page starts; only offline is the time worth finding).
 */
export function OfflineNotice() {
  const online = useOnline();
  const { user } = useCurrentUser();
  if (online || !user) return null;
  return <OfflineNoticeText />;
}
