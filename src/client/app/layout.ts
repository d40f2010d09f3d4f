import { useSyncExternalStore } from 'react';

/**
 * The phone layout (issue 9): below 48rem the sections are a tab bar along the bottom and toasts
 * rise from the bottom, above it; from 48rem the sections sit in the header and toasts top right,
 * under it. navigation.css and toasts.css use the same width (`max-width: 47.99rem`).
 */
export const PHONE_LAYOUT_QUERY = '(max-width: 47.99rem)';

function phoneQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_LAYOUT_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True while the window is phone-sized; follows rotation and resizing. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => phoneQuery()?.matches ?? false,
    () => false,
  );
}
