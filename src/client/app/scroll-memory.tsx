import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** Where the positions live across a reload (the browser keeps history keys over a reload). */
const STORAGE_KEY = 'scroll-positions';
/** How long a restore waits for a page tall enough (a lazy page, a list still arriving). */
const RESTORE_PATIENCE_MS = 1000;

function readSaved(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Scroll as a reader expects between pages (decision 022, in place of the data router's
 * ScrollRestoration): a new page starts at its top (or at its #hash), a changed query is the
 * same page and stays where it is, and Back or Forward returns to where that page was left,
 * reloads included. The window's position is noted per history entry as the reader scrolls.
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const currentKey = useRef(location.key);
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    positions.current ??= readSaved();
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const note = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        positions.current![currentKey.current] = window.scrollY;
      });
    };
    const save = () => {
      positions.current![currentKey.current] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Private modes may refuse storage: positions then last until the page is left.
      }
    };
    window.addEventListener('scroll', note, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', note);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readSaved();
    const samePage = shownPath.current === location.pathname;
    shownPath.current = location.pathname;
    currentKey.current = location.key;
    const saved = positions.current[location.key];
    if (navigationType === NavigationType.Pop && typeof saved === 'number') {
      // The page may still be growing (a lazy chunk, cached data): try until it is tall enough,
      // unless the reader takes over first.
      const until = performance.now() + RESTORE_PATIENCE_MS;
      let frame = 0;
      const stop = () => cancelAnimationFrame(frame);
      const restore = () => {
        window.scrollTo(0, saved);
        if (Math.abs(window.scrollY - saved) > 1 && performance.now() < until) {
          frame = requestAnimationFrame(restore);
        } else stop();
      };
      restore();
      const takeOver = { passive: true, once: true } as const;
      window.addEventListener('wheel', stop, takeOver);
      window.addEventListener('touchstart', stop, takeOver);
      window.addEventListener('keydown', stop, takeOver);
      return () => {
        stop();
        window.removeEventListener('wheel', stop);
        window.removeEventListener('touchstart', stop);
        window.removeEventListener('keydown', stop);
      };
    }
    const target = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : null;
    if (target) target.scrollIntoView();
    else if (!samePage) window.scrollTo(0, 0);
    // The entry's position from the start: the reader may leave it without scrolling.
    positions.current[location.key] = window.scrollY;
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
