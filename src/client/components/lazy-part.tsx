import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * The parts of a page its first paint does not need (a modal, a tab's panel), loaded on first
 * use (issue 9), so that they and what only they import (zod and the shared schemas, whose
 * start-up was the longest task after the bingo card appeared) stay off the page's first paint.
 * Every part starts to download on the visitor's first touch, click or key, before they could
 * open one; until it has arrived, an opened part shows `fallback` (nothing, for a modal).
 */
export interface LazyPart<P> {
  (props: P): ReactNode;
  /** Starts the download now; resolves once the part renders without waiting. */
  preload: () => Promise<unknown>;
}

const preloads = new Set<() => Promise<unknown>>();
let listening = false;

/**
 * The next pointerdown, touch or key anywhere loads every lazy part made so far (focus does
 * not: route focus moves it). Parts made later (those of a page whose chunk arrived after the
 * visitor's first click, as the card's after the login form) load on the interaction after
 * they were made, not at once: the page's first paint comes first.
 */
function preloadOnNextInteraction() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const events = ['pointerdown', 'touchstart', 'keydown'] as const;
  const start = () => {
    for (const event of events) window.removeEventListener(event, start, true);
    listening = false;
    // A failed download is tried again when the part is opened, and reported then.
    for (const preload of preloads) preload().catch(() => undefined);
    preloads.clear();
  };
  for (const event of events)
    window.addEventListener(event, start, { capture: true, passive: true });
}

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  preloads.add(preload);
  preloadOnNextInteraction();

  function Part(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    const [failure, setFailure] = useState<Error | null>(null);
    useEffect(() => {
      if (Component) return;
      let live = true;
      preload().then(
        (arrived) => live && setComponent(() => arrived),
        (error: unknown) =>
          live && setFailure(error instanceof Error ? error : new Error(String(error))),
      );
      return () => {
        live = false;
      };
    }, [Component]);
    // A part that cannot be downloaded fails as a lazy page does: the error boundary offers a reload.
    if (failure) throw failure;
    return Component ? <Component {...props} /> : fallback;
  }
  return Object.assign(Part, { preload });
}
