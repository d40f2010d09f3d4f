import { useMemo, useSyncExternalStore } from 'react';
import {
  parseQueue,
  rawQueue,
  sendingKeyOf,
  subscribeQueue,
  type QueuedPlacement,
} from './placement-queue';

/** The reader's placements made offline, oldest first, kept up to date (this tab and others). */
export function usePlacementQueue(readerId: string | null | undefined): QueuedPlacement[] {
  const raw = useSyncExternalStore(subscribeQueue, () => (readerId ? rawQueue(readerId) : null));
  return useMemo(() => parseQueue(raw), [raw]);
}

/** The key of the reader's placement being sent now (its square says "Sending..."), or null. */
export function useSendingKey(readerId: string | null | undefined): string | null {
  return useSyncExternalStore(subscribeQueue, () => (readerId ? sendingKeyOf(readerId) : null));
}
