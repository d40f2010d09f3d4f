import { useMemo, useSyncExternalStore } from 'react';
import { parseQueue, rawQueue, subscribeQueue, type QueuedPlacement } from './placement-queue';

/** The reader's placements made offline, oldest first, kept up to date (this tab and others). */
export function usePlacementQueue(readerId: string | null | undefined): QueuedPlacement[] {
  const raw = useSyncExternalStore(subscribeQueue, () => (readerId ? rawQueue(readerId) : null));
  return useMemo(() => parseQueue(raw), [raw]);
}
