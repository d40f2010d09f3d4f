import { useId, type ReactNode } from 'react';
import { messages } from '../../lib/messages';
import { useOnline } from './use-online';

/**
 * A part of a page whose buttons and fields need the network (issue 26): offline, every control
 * inside is turned off at once (a disabled fieldset) and points to the reason; links and what
 * was last seen stay. Always a fieldset, so going offline or online keeps what is inside mounted.
 */
export function OfflineReadOnly({ children }: { children: ReactNode }) {
  const online = useOnline();
  const reasonId = useId();
  return (
    <fieldset
      className="offline-read-only"
      disabled={!online}
      aria-describedby={online ? undefined : reasonId}
    >
      {online ? null : (
        <p id={reasonId} className="offline-reason">
          {messages.offline.needsNetwork}
        </p>
      )}
      {children}
    </fieldset>
  );
}

/** What a list shows offline when it was never loaded on this device (its query is paused). */
export function NotKeptOffline() {
  return <p className="empty">{messages.offlineQueue.notKept}</p>;
}
