import { useSyncExternalStore } from 'react';
import { isServerUnreachable, subscribeConnectivity, subscribeReachability } from './reachability';

/**
 * Whether the app has a network: the browser believes so (navigator.onLine) and the server was
 * not found out of reach meanwhile (lie-fi, issue 26: reachability.ts), kept up to date.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeConnectivity,
    () => navigator.onLine && !isServerUnreachable(),
    () => true,
  );
}

/** Whether the session check got no answer though the browser says it is online (lie-fi, issue 26). */
export function useServerUnreachable(): boolean {
  return useSyncExternalStore(subscribeReachability, isServerUnreachable, () => false);
}
