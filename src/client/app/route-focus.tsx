import { useEffect, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** Focus someone else placed on purpose: inside a dialog, or on a control of the page itself. */
function focusIsTaken(main: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === main) return false;
  if (active.closest('[aria-modal="true"]')) return true;
  return main.contains(active);
}

/**
 * Moves focus to the page's heading after each route change (issue 9), so a screen reader says
 * where the reader has arrived and Tab goes on from the top of the new page. Only a new path
 * counts: a changed query (a feed filter, a square's sheet) is the same page. The first load is
 * left alone, and so is focus that a dialog or the page has already placed. Pages load lazily and
 * may show a spinner first: the heading is waited for as it appears.
 */
export function RouteFocus({ mainRef }: { mainRef: RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  const [pending, setPending] = useState(false);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    setPending(true);
  }

  useEffect(() => {
    const main = mainRef.current;
    if (!pending || !main) return;
    const tryFocus = (): boolean => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!focusIsTaken(main)) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      setPending(false);
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pending, pathname, mainRef]);

  return null;
}
